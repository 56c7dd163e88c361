import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect } from 'kysely';

/**
 * Kysely over PGlite through Kysely's own PostgresDialect: PGlite is one connection, so a connection is
 * handed out to one holder at a time (a transaction must not interleave with other queries).
 */
export function pgliteDialect(pg: PGlite): PostgresDialect {
  let queue: Promise<void> = Promise.resolve();
  const client = {
    async query(sql: string, params: readonly unknown[]) {
      const result = await pg.query<Record<string, unknown>>(sql, params as unknown[]);
      const command = sql.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? '';
      return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
    },
    release() {},
  };
  const pool = {
    connect(): Promise<typeof client> {
      let release!: () => void;
      const previous = queue;
      queue = new Promise<void>((resolve) => {
        release = resolve;
      });
      return previous.then(() => ({ ...client, release }));
    },
    async end() {},
  };
  // biome-ignore lint/suspicious/noExplicitAny: the pool only needs the two methods Kysely calls.
  return new PostgresDialect({ pool: pool as any });
}
