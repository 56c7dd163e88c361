import { type Kysely, sql } from 'kysely';

// Outbound call campaigns (issue 17): campaigns, their calls (one row per destination, its attempts counted on it)
// and an outbox of final outcomes to POST to the campaign's callback URL (at least once, retried with backoff).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbound_campaigns')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('project_env', 'text', (c) => c.notNull().check(sql`project_env IN ('dev', 'prod')`))
    .addColumn('call_time_from', 'text', (c) => c.notNull())
    .addColumn('call_time_to', 'text', (c) => c.notNull())
    .addColumn('retry_interval', 'integer', (c) => c.notNull().check(sql`retry_interval >= 0`))
    .addColumn('retry_count', 'integer', (c) => c.notNull().check(sql`retry_count >= 0`))
    .addColumn('timeout', 'integer', (c) => c.notNull().check(sql`timeout > 0`))
    .addColumn('callback_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('callback_secret', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('paused').check(sql`state IN ('running', 'paused')`))
    // Calls of this campaign in progress at once, across every server process.
    .addColumn('max_concurrent', 'integer', (c) => c.notNull().defaultTo(10).check(sql`max_concurrent > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbound_campaigns_project').on('outbound_campaigns').column('project_id').execute();
  await db.schema
    .createTable('outbound_calls')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('outbound_campaigns.id').onDelete('cascade'))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status IN ('queued', 'dialling', 'answered', 'completed', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When a queued call may next be dialled (inside the window, not before scheduled_at); null once final.
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_result', 'text')
    .addColumn('last_code', 'text')
    // Every attempt's code, in order (the report's "codes").
    .addColumn('codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('dialler', 'text')
    .addColumn('provider_call_id', 'text')
    // When the current attempt was handed to the dialler: a call still dialling timeout + 60 s later is reconciled.
    .addColumn('dialled_at', 'timestamptz')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('conversation_id', 'integer', (c) => c.references('conversations.id').onDelete('set null'))
    // The conversation's token (the chat engine's key to it): any instance can run the call's next turn.
    .addColumn('conversation_token', 'text')
    .execute();
  await db.schema.createIndex('outbound_calls_campaign').on('outbound_calls').columns(['campaign_id', 'id']).execute();
  // The dispatcher's scan: due queued calls of a campaign; and the reconciler's: calls in progress.
  await sql`CREATE INDEX outbound_calls_due ON outbound_calls (campaign_id, next_attempt_at) WHERE status = 'queued'`.execute(
    db,
  );
  await sql`CREATE INDEX outbound_calls_active ON outbound_calls (campaign_id, dialled_at)
    WHERE status IN ('dialling', 'answered')`.execute(db);
  await db.schema
    .createTable('outbound_callbacks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('outbound_campaigns.id').onDelete('cascade'))
    .addColumn('call_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
  await sql`CREATE INDEX outbound_callbacks_due ON outbound_callbacks (next_at) WHERE delivered_at IS NULL`.execute(db);
  // Conversations say where they came from: the logs show a campaign's calls as voice conversations.
  await db.schema
    .alterTable('conversations')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('chat'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('channel').execute();
  await db.schema.dropTable('outbound_callbacks').execute();
  await db.schema.dropTable('outbound_calls').execute();
  await db.schema.dropTable('outbound_campaigns').execute();
}
