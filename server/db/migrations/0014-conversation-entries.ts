import { type Kysely, sql } from 'kysely';

// Issue 35 item 4: a turn appends its tracker entries instead of rewriting the conversation's whole transcript.
// Until now `conversations.tracker` held the transcript as one jsonb array and every turn wrote `tracker || entries`:
// the whole value read, decompressed, concatenated, compressed and written again (TOAST), a cost that grew with the
// conversation and, inside PGlite's WebAssembly, set its floor. Now each write that adds entries inserts one row here:
// the entries it added (`entries`, in their order), under the conversation's version after that write (`seq`: the
// transcript is the rows in `seq` order, concatenated), with the largest timestamp among them (`last_ts`: a read of the
// entries after a time skips older rows without opening them).
// Conversations stored before keep their transcript: it becomes their first row (seq 0, below every later version).
// Its `last_ts` is rounded up: generated histories (bench/stats-history.ts) wrote fractional timestamps.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE conversation_entries (
    conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    last_ts bigint NOT NULL,
    entries jsonb NOT NULL,
    PRIMARY KEY (conversation_id, seq)
  )`.execute(db);
  await sql`INSERT INTO conversation_entries (conversation_id, seq, last_ts, entries)
    SELECT c.id, 0,
      coalesce((SELECT ceil(max((e->>'timestamp')::numeric)) FROM jsonb_array_elements(c.tracker) e), 0), c.tracker
    FROM conversations c WHERE jsonb_array_length(c.tracker) > 0`.execute(db);
  await sql`ALTER TABLE conversations DROP COLUMN tracker`.execute(db);
  // As migration 0013 for the column this replaces: lz4 where the server has it (PGlite has not).
  await sql`DO $$ BEGIN
    ALTER TABLE conversation_entries ALTER COLUMN entries SET COMPRESSION lz4;
  EXCEPTION WHEN feature_not_supported THEN NULL;
  END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE conversations ADD COLUMN tracker jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  await sql`UPDATE conversations c SET tracker = t.tracker
    FROM (SELECT ce.conversation_id, jsonb_agg(e ORDER BY ce.seq, n) AS tracker
          FROM conversation_entries ce, jsonb_array_elements(ce.entries) WITH ORDINALITY AS x(e, n)
          GROUP BY ce.conversation_id) t
    WHERE t.conversation_id = c.id`.execute(db);
  await sql`DROP TABLE conversation_entries`.execute(db);
  await sql`DO $$ BEGIN
    ALTER TABLE conversations ALTER COLUMN tracker SET COMPRESSION lz4;
  EXCEPTION WHEN feature_not_supported THEN NULL;
  END $$`.execute(db);
}
