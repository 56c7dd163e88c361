// migrateToLatest's fast path (server/db/migrate.ts): a database at the latest migration is left alone after one
// read, and one that has run a migration this code does not know (a newer release's) still gets the Migrator's error.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { type TestDatabase, openTestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase({ fresh: true });
});
afterAll(async () => {
  await database?.close();
});

describe('migrateToLatest', () => {
  it('leaves a database at the latest migration as it is', async () => {
    const before = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(database.db);
    expect(before.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    await migrateToLatest(database.db);
    const after = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(database.db);
    expect(after.rows).toEqual(before.rows);
  });

  it("refuses a database a newer release migrated (a migration this code doesn't know)", async () => {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_a_newer_release', ${new Date().toISOString()})`.execute(
      database.db,
    );
    try {
      await expect(migrateToLatest(database.db)).rejects.toThrow(/9999_from_a_newer_release/);
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '9999_from_a_newer_release'`.execute(database.db);
    }
  });
});
