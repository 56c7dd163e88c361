import { type Kysely, sql } from 'kysely';

// Knowledge base and QA trainings (issue 16): entries, example questions, the serialized search index (one draft
// per project, one frozen copy per deployment, like nlu_models) and the latest QA evaluation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('knowledges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('knowledge', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source IN ('manual', 'url', 'file', 'csv')`))
    .addColumn('file', 'text')
    // Hash of link, title and text when the entry last entered the draft index; unequal: pending.
    .addColumn('indexed_hash', 'text')
    .addColumn('indexed_at', 'timestamptz')
    .addColumn('index_error', 'text')
    .execute();
  await db.schema.createIndex('knowledges_project').on('knowledges').columns(['project_id', 'id']).execute();

  await db.schema
    .createTable('qa_trainings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    // null: the question must not be answered. An entry's deletion deletes its questions (the service records it).
    .addColumn('knowledge_id', 'integer', (c) => c.references('knowledges.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('qa_trainings_project').on('qa_trainings').columns(['project_id', 'id']).execute();

  await sql`CREATE SEQUENCE knowledge_index_version_seq`.execute(db);
  await db.schema
    .createTable('knowledge_indexes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('draft', 'deployment')`))
    .addColumn('deployment_id', 'integer', (c) => c.references('deployments.id').onDelete('cascade'))
    // The engine's toJSON(), as text: loaded whole, never queried.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addColumn('passages', 'integer', (c) => c.notNull())
    .addColumn('data_hash', 'text', (c) => c.notNull())
    .addColumn('built_at', 'timestamptz', (c) => c.notNull())
    // What the reindex that built it did (URL entries fetched, unchanged, failed).
    .addColumn('report', 'jsonb')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(sql`nextval('knowledge_index_version_seq')`))
    .execute();
  await sql`CREATE UNIQUE INDEX knowledge_indexes_draft ON knowledge_indexes (project_id) WHERE kind = 'draft'`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX knowledge_indexes_deployment ON knowledge_indexes (deployment_id)
    WHERE deployment_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('qa_evaluations')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('data_hash', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Knowledge answers and "no answer" in the hourly statistics (issue 16 §3).
  await db.schema
    .alterTable('stats_hourly')
    .addColumn('knowledge_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('stats_hourly')
    .addColumn('knowledge_no_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stats_hourly').dropColumn('knowledge_no_answers').execute();
  await db.schema.alterTable('stats_hourly').dropColumn('knowledge_answers').execute();
  await db.schema.dropTable('qa_evaluations').execute();
  await db.schema.dropTable('knowledge_indexes').execute();
  await sql`DROP SEQUENCE knowledge_index_version_seq`.execute(db);
  await db.schema.dropTable('qa_trainings').execute();
  await db.schema.dropTable('knowledges').execute();
}
