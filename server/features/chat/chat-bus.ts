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

/** How long the bus waits before listening again after its connection was lost (database restart, failover). */
const RELISTEN_MS = 500;

/**
 * LISTEN on a dedicated connection; NOTIFY through the application's pool. A lost connection is opened again
 * (issue 15 §4: the database restarted), and every subscriber then reads what it may have missed meanwhile.
 */
class PostgresBus extends LocalBus {
  private readonly db: Db;
  private readonly databaseUrl: string;
  private client: pg.Client | null = null;
  private closed = false;
  private readonly ready: Promise<void>;
  constructor(db: Db, databaseUrl: string) {
    super();
    this.db = db;
    this.databaseUrl = databaseUrl;
    this.ready = this.listen(false);
    this.ready.catch(() => {});
  }
  private listen(again: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.client = client;
    client.on('notification', (message) => {
      // One notification names every conversation a batch wrote (conversation-writes.ts): "12,15,40".
      if (message.channel === CHAT_CHANNEL && message.payload) {
        for (const id of message.payload.split(',')) this.emitter.emit(id);
      }
    });
    let lost = false;
    const relisten = () => {
      if (lost || this.closed) return;
      lost = true;
      client.end().catch(() => {});
      setTimeout(() => {
        if (!this.closed) this.listen(true).catch(() => {});
      }, RELISTEN_MS).unref();
    };
    client.on('error', relisten);
    client.on('end', relisten);
    const ready = client
      .connect()
      .then(() => client.query(`LISTEN ${CHAT_CHANNEL}`))
      .then(() => {
        if (again) for (const name of this.emitter.eventNames()) this.emitter.emit(name);
      });
    ready.catch(relisten);
    return ready;
  }
  override async publish(conversationId: number): Promise<void> {
    await sql`SELECT ${this.noticeIn(conversationId)}`.execute(this.db);
  }
  override noticeIn(conversationId: number): RawBuilder<unknown> {
    return sql`pg_notify(${CHAT_CHANNEL}, ${String(conversationId)})`;
  }
  /** The notice went with the write; this process hears it through LISTEN like every other. */
  override written(_conversationId: number): void {}
  /** Resolves once LISTEN is first in place (tests wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }
  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.client?.end().catch(() => {});
  }
}

export function createChatBus(db: Db, databaseUrl: string | null): ChatBus & { whenReady?: () => Promise<void> } {
  return databaseUrl ? new PostgresBus(db, databaseUrl) : new LocalBus();
}
