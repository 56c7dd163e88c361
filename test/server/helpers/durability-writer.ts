// Child process of test/server/durability.test.ts: opens the database the way the server does (openDatabase +
// migrateToLatest), reports which ids of a range survived the previous writer, then commits rows in a loop and
// prints each id only after its commit returned — until the test kills it with SIGKILL.
//
//   DURABILITY_DATA_DIR=<dir> | DATABASE_URL=<url>  node durability-writer.ts <firstId> [<checkFrom> <checkTo>]
//
// stdout lines: `opened <ms>`, `present <id,id,...>` (with a check range), `ack <id>`.
import { sql } from 'kysely';
import { openDatabase } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';

const [firstArg, checkFromArg, checkToArg] = process.argv.slice(2);
const firstId = Number(firstArg);
if (!Number.isSafeInteger(firstId)) throw new Error('usage: durability-writer.ts <firstId> [<checkFrom> <checkTo>]');

const started = performance.now();
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || null,
  dataDir: process.env.DURABILITY_DATA_DIR ?? '',
});
await migrateToLatest(database.db);
const db = database.db;
// Two rows per transaction: after a crash both parts of an id are there or neither (atomicity).
await sql`CREATE TABLE IF NOT EXISTS durability_probe (
  id bigint NOT NULL, part int NOT NULL, payload text NOT NULL, PRIMARY KEY (id, part))`.execute(db);
// Pipes are synchronous on Linux: a line written here has left the process before the next commit starts.
process.stdout.write(`opened ${Math.round(performance.now() - started)}\n`);

if (checkFromArg !== undefined && checkToArg !== undefined) {
  const rows = await sql<{ id: number; parts: number }>`
    SELECT id::int AS id, count(*)::int AS parts FROM durability_probe
    WHERE id BETWEEN ${Number(checkFromArg)} AND ${Number(checkToArg)} GROUP BY id ORDER BY id`.execute(db);
  const torn = rows.rows.filter((r) => r.parts !== 2).map((r) => r.id);
  if (torn.length) process.stdout.write(`torn ${torn.join(',')}\n`);
  process.stdout.write(`present ${rows.rows.map((r) => r.id).join(',')}\n`);
}

// A page's worth of text per row, so each commit writes real WAL and heap, not a few bytes.
const payload = 'x'.repeat(2000);
for (let id = firstId; ; id += 1) {
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO durability_probe (id, part, payload) VALUES (${id}, 0, ${payload})`.execute(trx);
    await sql`INSERT INTO durability_probe (id, part, payload) VALUES (${id}, 1, ${payload})`.execute(trx);
  });
  process.stdout.write(`ack ${id}\n`);
}
