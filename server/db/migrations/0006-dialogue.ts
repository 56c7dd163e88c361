import { type Kysely, sql } from 'kysely';

// The dialogue (reactions, scopes, project actions) and the conversations the chat runtime keeps.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reaction_scopes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('reaction_scopes_name', ['project_id', 'name'])
    .execute();
  await db.schema
    .createTable('reactions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reactions_scopes_id', 'integer', (c) => c.references('reaction_scopes.id'))
    .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addUniqueConstraint('reactions_name', ['project_id', 'name'])
    .execute();
  await db.schema
    .createTable('project_actions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('webhook'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().defaultTo('POST'))
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('timeout_ms', 'integer', (c) => c.notNull().defaultTo(5000))
    .addUniqueConstraint('project_actions_name', ['project_id', 'name'])
    .execute();
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_env', 'text', (c) => c.notNull())
    .addColumn('deployment_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('tracker', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('last_ts', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('variables', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('scope_id', 'integer')
    .addColumn('projects', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('timers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ended', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('busy_until', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('labels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preview', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('conversations_activity')
    .on('conversations')
    .columns(['project_id', 'last_activity_at'])
    .execute();
  await db.schema
    .createTable('conversation_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('chat_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
