import { type Kysely, sql } from 'kysely';

/** The roll-up tables a chat turn adds to, and the key columns of each (before the slot). */
const SLOTTED = [
  ['stats_hourly', ['project_id', 'project_env', 'hour_utc', 'channel']],
  ['stats_intents_hourly', ['project_id', 'project_env', 'hour_utc', 'intent']],
  ['stats_intents_daily', ['project_id', 'project_env', 'day_utc', 'intent']],
] as const;

// Chat at scale (issue 15). Every message of a project added to the same stats_hourly row (and its intent's
// rows), and a row stays locked until its transaction's commit is flushed to disk: on PostgreSQL all messages
// queued behind one another's fsync (a few hundred per second at most). A slot column (the conversation id modulo
// STATS_SLOTS, server/features/stats/stats-rollup.ts) spreads them over several rows; the dashboard sums rows anyway.
// Unclassified phrases keep one row per day and hour: their top ten's pruning reasons over per-row counts.
// The widget's chatbot token is looked up on every message: unique and indexed.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, key] of SLOTTED) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN slot smallint NOT NULL DEFAULT 0`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_pk`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_pk`)}
      PRIMARY KEY (${sql.join([...key, 'slot'].map((c) => sql.ref(c)))})`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX project_settings_chatbot_token ON project_settings (chatbot_token)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX project_settings_chatbot_token`.execute(db);
  for (const [table, key] of SLOTTED) {
    // The slots of a key fold back into one row: every other column is a count, summed.
    const { rows } = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
      WHERE table_name = ${table} AND column_name <> 'slot' AND column_name NOT IN (${sql.join([...key])})`.execute(db);
    const keys = sql.join(key.map((c) => sql.ref(c)));
    const counts = sql.join(rows.map((r) => sql.ref(r.column_name)));
    const sums = sql.join(rows.map((r) => sql`sum(${sql.ref(r.column_name)})`));
    await sql`CREATE TEMPORARY TABLE folded AS SELECT ${keys}, ${sums} FROM ${sql.table(table)} GROUP BY ${keys}`.execute(
      db,
    );
    await sql`DELETE FROM ${sql.table(table)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_pk`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN slot`.execute(db);
    await sql`INSERT INTO ${sql.table(table)} (${keys}, ${counts}) SELECT * FROM folded`.execute(db);
    await sql`DROP TABLE folded`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_pk`)} PRIMARY KEY (${keys})`.execute(
      db,
    );
  }
}
