import { type Kysely, sql } from 'kysely';

// A deleted user keeps their row (soft delete) so the users log still says who did what (QUALITY: Audit).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
  await sql`CREATE INDEX users_company_live ON users (company_id) WHERE deleted_at IS NULL`.execute(db);
}
