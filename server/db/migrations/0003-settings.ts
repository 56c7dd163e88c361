import { type Kysely, sql } from 'kysely';

// Project settings, labels and platform-wide settings. Plain PostgreSQL types only (PGlite and PostgreSQL).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_settings')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    // Every readable field of spec 2 §3; secrets live in their own column and never leave the server.
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('secrets', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('chatbot_token', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('labels')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX labels_name ON labels (project_id, lower(name))`.execute(db);
  await db.schema
    .createTable('platform_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    // Off by default: forced rotation is against ASVS 6.2.10; an operator may opt in.
    .addColumn('max_password_age_days', 'integer')
    .addColumn('require_otp', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`INSERT INTO platform_settings (id) VALUES (1)`.execute(db);
  await db.schema.createIndex('revisions_deleted').on('revisions').columns(['project_id', 'deleted', 'time']).execute();
  await db.schema.createIndex('users_logs_user').on('users_logs').columns(['user_id', 'created_at']).execute();
}
