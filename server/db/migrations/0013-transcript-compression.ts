import { type Kysely, sql } from 'kysely';

// Every chat turn rewrites its conversation's transcript (tracker) and search text, values past TOAST's 2 kB
// threshold, so each turn compressed them again with pglz: the largest single cost of a turn's write in
// PostgreSQL's profile (issue 15). lz4 compresses several times faster for a little less ratio. PostgreSQL 14+ built
// with lz4 has it; PGlite is built without it, so there the columns keep pglz (the DO block ignores
// "feature not supported"). Values already stored keep their compression until they are written again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DO $$ BEGIN
    ALTER TABLE conversations ALTER COLUMN tracker SET COMPRESSION lz4, ALTER COLUMN search_text SET COMPRESSION lz4;
  EXCEPTION WHEN feature_not_supported THEN NULL;
  END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE conversations ALTER COLUMN tracker SET COMPRESSION default,
    ALTER COLUMN search_text SET COMPRESSION default`.execute(db);
}
