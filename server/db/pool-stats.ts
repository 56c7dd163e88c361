/** How busy a process's database connections are (GET /metrics), read when asked. */
export interface PoolStats {
  inUse(): number;
  idle(): number;
  /** Queries waiting for a connection. */
  waiting(): number;
}

/** Keyed by the Kysely instance (object: this module stays below database.ts). */
const stats = new WeakMap<object, PoolStats>();

/** openDatabase records its pool's figures beside the Kysely instance it answers. */
export function recordPoolStats(db: object, pool: PoolStats): void {
  stats.set(db, pool);
}

/** The figures of the database `db` came from, or null (a Kysely instance openDatabase did not make). */
export function poolStatsOf(db: object): PoolStats | null {
  return stats.get(db) ?? null;
}
