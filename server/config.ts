import path from 'node:path';

/** Everything the server reads from the environment, in one place (README lists these). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedAdminPassword: string | null;
  distDir: string;
  logLevel: string;
  /** Behind TLS the session cookie is Secure. */
  secureCookies: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    seedAdminPassword: env.SEED_ADMIN_PASSWORD || null,
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    secureCookies: env.SECURE_COOKIES === '1',
  };
}
