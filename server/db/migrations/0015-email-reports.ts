import { type Kysely, sql } from 'kysely';

// Email reports (issue 37 §2): the reports, and a ledger of their mailings. A scheduled mailing is one row per
// report and period (the unique key), claimed with SKIP LOCKED by whichever process gets it first, so any number of
// instances mail each period once; a failed attempt waits for `next_attempt_at` (backoff) before the next.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('project_env', 'text', (c) => c.notNull().check(sql`project_env IN ('dev', 'prod')`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period IN ('daily', 'weekly', 'monthly')`))
    .addColumn('tz', 'text', (c) => c.notNull())
    .addColumn('recipients', 'jsonb', (c) => c.notNull())
    .addColumn('sections', 'jsonb', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_reports_project').on('email_reports').column('project_id').execute();
  await db.schema
    .createTable('email_report_sends')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('email_reports.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('scheduled', 'test')`))
    .addColumn('period_from', 'text', (c) => c.notNull())
    .addColumn('period_to', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status IN ('queued', 'sending', 'retrying', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Recipients the SMTP server accepted it for: a retry mails only the others, so nobody gets it twice.
    .addColumn('delivered', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    // Who is sending it and until when the claim holds (a process that died mid-send loses it after that).
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX email_report_sends_period ON email_report_sends (report_id, period_from)
    WHERE kind = 'scheduled'`.execute(db);
  await sql`CREATE INDEX email_report_sends_due ON email_report_sends (next_attempt_at)
    WHERE status IN ('queued', 'retrying')`.execute(db);
  await db.schema
    .createIndex('email_report_sends_report')
    .on('email_report_sends')
    .columns(['report_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_report_sends').execute();
  await db.schema.dropTable('email_reports').execute();
}
