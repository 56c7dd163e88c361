import { type Kysely, sql } from 'kysely';

// Intents, synonyms, entities, fallbacks, trained models, evaluations and the job queue (issue 6, issue 4 §6).
// Plain PostgreSQL only: runs unchanged on PGlite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('intents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX intents_name ON intents (project_id, name)`.execute(db);

  // One row per template: saving one template never resends the list (issue 6 §6).
  await db.schema
    .createTable('intent_templates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('intent_id', 'integer', (c) => c.notNull().references('intents.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .execute();
  // Unique across all of a project's intents, ignoring case (spec 2 §5); the last line of defence under races.
  await sql`CREATE UNIQUE INDEX intent_templates_unique ON intent_templates (project_id, lower(template))`.execute(db);
  await db.schema.createIndex('intent_templates_intent').on('intent_templates').columns(['intent_id', 'id']).execute();

  await db.schema
    .createTable('synonyms')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('values', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`CREATE UNIQUE INDEX synonyms_name ON synonyms (project_id, name)`.execute(db);

  // project_id null: a system entity, shared by every project of the platform.
  await db.schema
    .createTable('entities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('dictionary'))
    .addColumn('match', 'text', (c) => c.notNull().defaultTo('lemmatized'))
    .addColumn('occurrence', 'text', (c) => c.notNull().defaultTo('single'))
    .addColumn('case_insensitive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('values', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_system', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('entities_project').on('entities').column('project_id').execute();

  await db.schema
    .createTable('unclassified_intents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('intent', 'text', (c) => c.notNull())
    // Lower-cased, whitespace-collapsed text: "Hello  there" and "hello there" are counted together.
    .addColumn('intent_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('conversations_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('class', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX unclassified_intents_key ON unclassified_intents (project_id, intent_key)`.execute(db);
  await db.schema
    .createIndex('unclassified_intents_order')
    .on('unclassified_intents')
    .columns(['project_id', 'counter', 'id'])
    .execute();

  // Every stored model gets a fresh version from this sequence; caches compare it on use.
  await sql`CREATE SEQUENCE nlu_model_version_seq`.execute(db);
  await db.schema
    .createTable('nlu_models')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('deployment_id', 'integer')
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('trained_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('data_hash', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(sql`nextval('nlu_model_version_seq')`))
    .execute();
  await sql`CREATE UNIQUE INDEX nlu_models_draft ON nlu_models (project_id) WHERE kind = 'draft'`.execute(db);
  await sql`CREATE UNIQUE INDEX nlu_models_deployment ON nlu_models (deployment_id) WHERE deployment_id IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('nlu_evaluations')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('data_hash', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The job queue: taken with FOR UPDATE SKIP LOCKED so any number of worker processes can share it.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_queue').on('jobs').columns(['status', 'id']).execute();
  await db.schema.createIndex('jobs_project').on('jobs').columns(['project_id', 'kind', 'id']).execute();
}
