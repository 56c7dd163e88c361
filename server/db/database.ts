import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgliteDialect } from './pglite-dialect.ts';
import { recordPoolStats } from './pool-stats.ts';
import { preparedName } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw PGlite instance (embedded only), for dumps and LISTEN in process. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

// int8 (microsecond times, counts) as numbers on both drivers: they stay below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

let statements = 0;
/**
 * SQL statements this process has sent to its database (each one a round trip; BEGIN and COMMIT included, the
 * chat bus's LISTEN connection not). Always counted, it costs an increment; BENCH_COUNTERS=1 shows it (app.ts).
 */
export const statementCount = (): number => statements;
const countStatement = () => {
  statements += 1;
};
/**
 * Wraps a pg client's query so that every statement is counted, and the texts marked as prepared
 * (prepared-statements.ts) are sent as named statements: pg prepares each once per connection.
 */
function counted(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    countStatement();
    const name = typeof args[0] === 'string' ? preparedName(args[0]) : undefined;
    return name ? query({ name, text: args[0], values: args[1] }, ...args.slice(2)) : query(...args);
  }) as typeof client.query;
}

/** `pglite` adds PGlite options (tests pass a compiled WebAssembly module and relaxed durability). */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  pglite?: PGliteOptions;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    // Idle connections stay open (pg closes them after 10 s by default): a PostgreSQL backend costs ~10 ms of the
    // database's CPU to start and again to exit, and the clients a burst opened all go idle, and exit, together,
    // taking both cores of a small machine for ~100 ms and delaying every message in flight (issue 15, sixth pass).
    // They do not keep a process alive on their own (allowExitOnIdle): a script that is done still exits.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
    });
    // An idle connection the server closes (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor one that is checked out between two statements (pg emits 'error' on the client then, and an unheard
    // 'error' stops the process): its next statement fails (503, see unavailable.ts) and the pool drops it on release.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      counted(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    recordPoolStats(db, {
      inUse: () => pool.totalCount - pool.idleCount,
      idle: () => pool.idleCount,
      waiting: () => pool.waitingCount,
    });
    return { db, kind: 'postgres', pglite: null, close: () => db.destroy() };
  }
  const dir = path.join(options.dataDir, 'pgdata');
  await fs.mkdir(dir, { recursive: true });
  const pglite = await PGlite.create({
    ...options.pglite,
    dataDir: dir,
    parsers: { [pgliteTypes.INT8]: (v: string) => Number(v) },
  });
  const connection = { inUse: 0, waiting: 0 };
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite, countStatement, connection) });
  recordPoolStats(db, {
    inUse: () => connection.inUse,
    idle: () => 1 - connection.inUse,
    waiting: () => connection.waiting,
  });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
