import { type Kysely, sql } from 'kysely';

// Which process carries each campaign call (issue 17 §2, §5): every dialler engine writes a heartbeat here, and a call
// in progress names the engine that placed it. A call whose engine stopped beating (SIGKILL, crash) is finished by
// another one: answered → completed, dialling → failed and retried (server/features/campaigns/engine.ts, reconcileOrphans).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_engines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('outbound_calls').addColumn('engine_id', 'text').execute();
  await sql`CREATE INDEX outbound_calls_engine ON outbound_calls (engine_id)
    WHERE status IN ('dialling', 'answered')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX outbound_calls_engine`.execute(db);
  await db.schema.alterTable('outbound_calls').dropColumn('engine_id').execute();
  await db.schema.dropTable('campaign_engines').execute();
}
