import type { Db } from '../../db/database.ts';
import { type ChatBus, createChatBus } from './chat-bus.ts';
import type { BotSource } from '../deployments/bot-source.ts';
import { ChatEngine, type TurnObserver } from './chat-engine.ts';

/** The chat's bus and engine: one per application (server/app-scope.ts), shared by the chat and websocket routes. */
export interface ChatRuntime {
  bus: ChatBus;
  engine: ChatEngine;
  close(): Promise<void>;
}

/** With a DATABASE_URL the bus is PostgreSQL LISTEN/NOTIFY, so several server processes see each other's turns. */
export function createChatRuntime(
  db: Db,
  databaseUrl: string | null,
  bots: BotSource,
  batching: { lingerMs: number } = { lingerMs: 0 },
  observer: TurnObserver | null = null,
): ChatRuntime {
  const bus = createChatBus(db, databaseUrl);
  return { bus, engine: new ChatEngine(db, bus, bots, batching, observer), close: () => bus.close() };
}
