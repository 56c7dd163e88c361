import type { Kysely } from 'kysely';

// Answering machines (issue 38 item 4): what a campaign does when a gateway detects one, and what the gateway said
// of each call's answer. Campaigns written before keep their behaviour ('off': no detection, no added cost or delay);
// new ones choose in the campaign dialog (the contract's default).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbound_campaigns')
    .addColumn('answering_machine', 'text', (c) => c.notNull().defaultTo('off'))
    .execute();
  // 'human' or 'machine' once the gateway's detection has spoken for the current attempt; null without detection.
  await db.schema.alterTable('outbound_calls').addColumn('answered_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbound_calls').dropColumn('answered_by').execute();
  await db.schema.alterTable('outbound_campaigns').dropColumn('answering_machine').execute();
}
