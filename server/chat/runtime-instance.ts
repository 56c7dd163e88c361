import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { Db } from '../db/database.ts';
import { type ChatBus, createChatBus } from './chat-bus.ts';
import { ChatEngine } from './chat-engine.ts';

interface ChatRuntime {
  bus: ChatBus;
  engine: ChatEngine;
}

const instances = new WeakMap<Db, ChatRuntime>();

/**
 * One bus and engine per app (the chat and the websocket routes share them), closed with the app. With
 * DATABASE_URL the bus is PostgreSQL LISTEN/NOTIFY, so several server processes see each other's turns.
 */
export function chatRuntimeOf(app: FastifyInstance, services: AppServices): ChatRuntime {
  let runtime = instances.get(services.db);
  if (!runtime) {
    const bus = createChatBus(services.db, services.config.databaseUrl);
    runtime = { bus, engine: new ChatEngine(services.db, bus) };
    instances.set(services.db, runtime);
    app.addHook('onClose', async () => {
      instances.delete(services.db);
      await bus.close();
    });
  }
  return runtime;
}
