import { type Kysely, sql } from 'kysely';

// Regression tests of the bot, and deployments: immutable frozen copies of the configuration per environment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  // Test names are unique per project regardless of case (spec 1 §5).
  await sql`CREATE UNIQUE INDEX tests_name ON tests (project_id, lower(name))`.execute(db);

  await db.schema
    .createTable('deployments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_env', 'text', (c) => c.notNull().check(sql`project_env IN ('dev', 'prod')`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('users_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rollback_of', 'integer', (c) => c.references('deployments.id'))
    // Reactions, scopes, actions, intents, synonyms, entities and settings as they were (DESIGN §6).
    .addColumn('configuration', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deployments_latest')
    .on('deployments')
    .columns(['project_id', 'project_env', 'id'])
    .execute();
  // Deployments are never edited (DESIGN §6): the database refuses it too.
  await sql`
    CREATE FUNCTION deployments_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'deployments are immutable';
    END;
    $$`.execute(db);
  await sql`CREATE TRIGGER deployments_no_update BEFORE UPDATE ON deployments
    FOR EACH ROW EXECUTE FUNCTION deployments_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deployments').execute();
  await sql`DROP FUNCTION IF EXISTS deployments_immutable()`.execute(db);
  await db.schema.dropTable('tests').execute();
}
