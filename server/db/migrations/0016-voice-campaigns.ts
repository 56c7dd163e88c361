import { type Kysely, sql } from 'kysely';

// Campaigns a person can live with (issue 38): a calling window in the campaign's own time zone (IANA; the windows
// written so far were UTC, which stays their zone), and a project's do-not-call list, checked at dial time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbound_campaigns')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema
    .createTable('do_not_call')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // E.164 or a SIP URI, normalised as a call list's destination is, so a lookup is an equality.
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('do_not_call_project_destination', ['project_id', 'destination'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('do_not_call').execute();
  await db.schema.alterTable('outbound_campaigns').dropColumn('time_zone').execute();
}
