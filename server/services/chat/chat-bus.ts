import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';

/**
 * "Conversation N has new tracker entries": how one server process tells the others (DESIGN §2). On
 * PostgreSQL through LISTEN/NOTIFY on one channel, so any number of processes share it; on PGlite (one
 * process) in process. Subscribers read the entries themselves from the database.
 */
export interface ChatBus {
  publish(conversationId: number): Promise<void>;
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
    await sql`SELECT pg_notify(${CHAT_CHANNEL}, ${String(conversationId)})`.execute(this.db);
  }
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
