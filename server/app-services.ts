import type { ServerConfig } from './config.ts';
import type { Db } from './db/database.ts';

/** The application's dependencies, handed to every route plugin by server/app.ts. */
export interface AppServices {
  db: Db;
  config: ServerConfig;
}
