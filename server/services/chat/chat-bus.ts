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
      if (message.channel === CHAT_CHANNEL && message.payload) this.emitter.emit(message.payload);
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
    await sql`SELECT pg_notify(${CHAT_CHANNEL}, ${String(conversationId)})`.execute(this.db);
  }
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
