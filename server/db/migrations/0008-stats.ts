import { type Kysely, sql } from 'kysely';

/** The confidence histogram's bins (CONFIDENCE_BINS of the stats contract): columns hist0..hist9. */
const HIST_COLUMNS = Array.from({ length: 10 }, (_, i) => `hist${i}`);

// Dashboard statistics (issue 18): hourly roll-ups written in the same statement as the chat turn, so a period's
// figures are sums over a few hundred rows instead of a walk through every conversation's tracker.
export async function up(db: Kysely<unknown>): Promise<void> {
  let hourly = db.schema
    .createTable('stats_hourly')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_env', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('hour_utc', 'timestamptz', (c) => c.notNull())
    .addColumn('conversations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fallbacks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confidence_sum', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('confidence_count', 'integer', (c) => c.notNull().defaultTo(0));
  for (const column of HIST_COLUMNS) hourly = hourly.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  await hourly
    .addColumn('ended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transferred', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_hourly_pk', ['project_id', 'project_env', 'hour_utc', 'channel'])
    .execute();
  // Per intent and per unclassified phrase: hourly rows for the edges of a period, daily (UTC) rows for the
  // whole days inside it, so a month's top ten reads thirty rows per intent rather than seven hundred.
  for (const [what, column] of [
    ['intents', 'intent'],
    ['unclassified', 'phrase'],
  ] as const) {
    for (const [grain, type] of [
      ['hourly', 'timestamptz'],
      ['daily', 'date'],
    ] as const) {
      const time = grain === 'hourly' ? 'hour_utc' : 'day_utc';
      await db.schema
        .createTable(`stats_${what}_${grain}`)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('project_env', 'text', (c) => c.notNull())
        .addColumn(time, type, (c) => c.notNull())
        .addColumn(column, 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint(`stats_${what}_${grain}_pk`, ['project_id', 'project_env', time, column])
        .execute();
    }
  }
  // The pruned top ten of unclassified phrases (server/features/stats/stats.ts): the frequent rows of a period's days,
  // then each candidate's days.
  await sql`CREATE INDEX stats_unclassified_daily_frequent ON stats_unclassified_daily (project_id, project_env, day_utc)
    INCLUDE (phrase) WHERE count >= 10`.execute(db);
  await sql`CREATE INDEX stats_unclassified_daily_phrase ON stats_unclassified_daily
    (project_id, project_env, phrase, day_utc)`.execute(db);
  // Unique callers: which console users started conversations in each hour (a distinct count cannot be summed).
  await db.schema
    .createTable('stats_callers_hourly')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_env', 'text', (c) => c.notNull())
    .addColumn('hour_utc', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_callers_hourly_pk', ['project_id', 'project_env', 'hour_utc', 'user_id'])
    .execute();
  // 'View dashboard statistics' becomes the testing environment's grant, so production's is a grant of its own
  // (the catalogue says so for new databases).
  await sql`UPDATE permissions SET project_env = 'dev'
    WHERE method = 'GET' AND path = '/stats' AND project_env IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stats_callers_hourly').execute();
  for (const table of ['unclassified', 'intents'].flatMap((w) => [`stats_${w}_hourly`, `stats_${w}_daily`])) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('stats_hourly').execute();
}
