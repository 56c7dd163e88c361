import { Migrator, sql } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/**
 * Brings the schema to the latest migration. A database already there (every start but the first after an upgrade)
 * is recognised by one read of Kysely's own table, without the Migrator's table checks and lock (about 300 ms on
 * PGlite, paid by every server start, each e2e test's server and each durability writer); anything else, a table
 * not there yet included, goes through the Migrator as before.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  if (await isUpToDate(db)) return;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

async function isUpToDate(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    const names = Object.keys(migrations);
    // Exactly ours: a migration this code does not know (a newer release's) is the Migrator's error to report.
    return applied.size === names.length && names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}
