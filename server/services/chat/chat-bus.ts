import { EventEmitter } from 'node:events';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';

/**
 * "Conversation N has new tracker entries": how one server process tells the others (DESIGN §2). On
 * PostgreSQL through LISTEN/NOTIFY on one channel, so any number of processes share it; on PGlite (one
 * process) in process. Subscribers read the entries themselves from the database.
 */
export interface ChatBus {
  publish(conversationId: number): Promise<void>;
  /**
   * Publishing with a write instead of after it: an SQL expression the writing statement evaluates (PostgreSQL:
   * pg_notify, delivered when that statement commits, no round trip of its own), or null when `written` must be
   * called once the write is done (in process).
   */
  noticeIn(conversationId: number): RawBuilder<unknown> | null;
  /** After a write that carried `noticeIn`'s expression (or had none to carry). */
  written(conversationId: number): void;
  subscribe(conversationId: number, listener: () => void): () => void;
  close(): Promise<void>;
}

export const CHAT_CHANNEL = 'chat_conversation';

class LocalBus implements ChatBus {
  protected readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  async publish(conversationId: number): Promise<void> {
    this.emitter.emit(String(conversationId));
  }
  noticeIn(_conversationId: number): RawBuilder<unknown> | null {
    return null;
  }
  written(conversationId: number): void {
    this.emitter.emit(String(conversationId));
  }
  subscribe(conversationId: number, listener: () => void): () => void {
    this.emitter.on(String(conversationId), listener);
    return () => this.emitter.off(String(conversationId), listener);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** LISTEN on a dedicated connection; NOTIFY through the application's pool. */
class PostgresBus extends LocalBus {
  private readonly db: Db;
  private readonly client: pg.Client;
  private readonly ready: Promise<void>;
  constructor(db: Db, databaseUrl: string) {
    super();
    this.db = db;
    this.client = new pg.Client({ connectionString: databaseUrl });
    this.client.on('notification', (message) => {
      if (message.channel === CHAT_CHANNEL && message.payload) this.emitter.emit(message.payload);
    });
    this.client.on('error', () => {});
    this.ready = this.client.connect().then(() => this.client.query(`LISTEN ${CHAT_CHANNEL}`).then(() => undefined));
    this.ready.catch(() => {});
  }
  override async publish(conversationId: number): Promise<void> {
    await sql`SELECT ${this.noticeIn(conversationId)}`.execute(this.db);
  }
  override noticeIn(conversationId: number): RawBuilder<unknown> {
    return sql`pg_notify(${CHAT_CHANNEL}, ${String(conversationId)})`;
  }
  /** The notice went with the write; this process hears it through LISTEN like every other. */
  override written(_conversationId: number): void {}
  /** Resolves once LISTEN is in place (tests wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }
  override async close(): Promise<void> {
    await super.close();
    await this.client.end().catch(() => {});
  }
}

export function createChatBus(db: Db, databaseUrl: string | null): ChatBus & { whenReady?: () => Promise<void> } {
  return databaseUrl ? new PostgresBus(db, databaseUrl) : new LocalBus();
}
