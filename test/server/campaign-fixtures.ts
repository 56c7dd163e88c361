import { sql } from 'kysely';
import type { OutboundCampaignsTable } from '../../server/db/schema.ts';
import type { Insertable } from 'kysely';
import { CampaignEngine } from '../../server/features/campaigns/engine.ts';
import type { Clock } from '../../server/features/campaigns/clock.ts';
import type { Dialler } from '../../server/features/campaigns/dialler.ts';
import type { VoiceSessions } from '../../server/features/campaigns/voice-session.ts';
import type { Db } from '../../server/db/database.ts';
import { importCallList } from '../../server/features/campaigns/campaign-calls.ts';
import { listConversations } from '../../server/features/chat/conversations.ts';
import { conversationsQuery } from '../../src/api/contract/conversations.ts';
import { expect } from 'vitest';
import { readTranscript } from '../../server/features/chat/transcript.ts';

/** Shared steps of the campaign engine tests: a running campaign of project 1, its call list, an engine. */

export async function runningCampaign(db: Db, overrides: Partial<Insertable<OutboundCampaignsTable>> = {}) {
  const row = await db
    .insertInto('outbound_campaigns')
    .values({
      project_id: 1,
      name: 'Test campaign',
      project_env: 'dev',
      call_time_from: '09:00',
      call_time_to: '17:00',
      retry_interval: 120,
      retry_count: 3,
      timeout: 30,
      callback_secret: 'test-secret',
      state: 'running',
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Imports `destination,scheduled_time` lines through the real import (so first attempts are scheduled as in use). */
export async function importCalls(db: Db, campaignId: number, lines: string[], now: Date) {
  await importCallList(db, 1, campaignId, ['destination,scheduled_time', ...lines].join('\n'), now);
}

/** E.164 numbers that libphonenumber accepts: +420 777 000 000 + i. */
export const number = (i: number) => `+420777${String(i).padStart(6, '0')}`;

export function engineFor(db: Db, dialler: Dialler, clock: Clock, voice: VoiceSessions | null = null) {
  const engine = new CampaignEngine({ db, dialler, clock, voice, tickMs: 0, log: () => {} });
  engine.start();
  return engine;
}

/** Ticks until the engine has nothing left to settle (events of the fake arrive on the next turn). */
export async function runTicks(engine: CampaignEngine, times = 3) {
  for (let i = 0; i < times; i++) {
    await engine.tick();
    await new Promise((resolve) => setImmediate(resolve));
    await engine.settle();
  }
}

export async function callsOf(db: Db, campaignId: number) {
  return db.selectFrom('outbound_calls').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();
}

/** "Press 1 to confirm": @start offers the digits, @input with choice 1 confirms and ends the call. */
export async function pressOneBot(db: Db) {
  await db.deleteFrom('reactions').where('project_id', '=', 1).execute();
  await db
    .insertInto('entities')
    .values({
      project_id: 1,
      name: 'digit',
      type: 'dictionary',
      match: 'exact',
      occurrence: 'single',
      case_insensitive: false,
      values: '1,2',
      is_system: false,
    })
    .execute();
  const reaction = (name: string, intents: string[], condition: string, actions: unknown[]) => ({
    project_id: 1,
    name,
    intents: JSON.stringify(intents),
    condition,
    priority: 0,
    reactions_scopes_id: null,
    actions: JSON.stringify(actions),
  });
  await db
    .insertInto('reactions')
    .values([
      reaction('greeting', ['@start'], '', [
        { name: 'utter', args: { text: 'Press 1 to confirm your appointment.' }, who: 'bot' },
        { name: 'select_box', args: { entity: 'digit', variable: 'choice' }, who: 'bot' },
      ]),
      reaction('confirmed', ['@input'], 'variables.choice == "1"', [
        { name: 'utter', args: { text: 'Confirmed, goodbye.' }, who: 'bot' },
        { name: 'call_end', args: {}, who: 'bot' },
      ]),
    ] as never)
    .execute();
}

/**
 * A bot whose @start reaction asks for a keyed answer (the given actions after its prompt: collect_digits, buttons);
 * whatever the callee answers, the fallback thanks and ends the call.
 */
export async function keyedAnswerBot(db: Db, prompt: string, asks: unknown[]) {
  await db.deleteFrom('reactions').where('project_id', '=', 1).execute();
  const reaction = (name: string, intents: string[], actions: unknown[]) => ({
    project_id: 1,
    name,
    intents: JSON.stringify(intents),
    condition: '',
    priority: 0,
    reactions_scopes_id: null,
    actions: JSON.stringify(actions),
  });
  await db
    .insertInto('reactions')
    .values([
      reaction('ask', ['@start'], [{ name: 'utter', args: { text: prompt }, who: 'bot' }, ...asks]),
      reaction(
        'thanks',
        ['@fallback'],
        [
          { name: 'utter', args: { text: 'Thank you, goodbye.' }, who: 'bot' },
          { name: 'call_end', args: {}, who: 'bot' },
        ],
      ),
    ] as never)
    .execute();
}

/** The callee's messages in a conversation, in order. */
export async function userMessagesOf(db: Db, conversationId: number): Promise<string[]> {
  const tracker = await readTranscript(db, conversationId);
  return (tracker as { type: string; value: string; args: { who?: string } }[])
    .filter((e) => e.type === 'utter' && e.args.who === 'user')
    .map((e) => e.value);
}

/**
 * The call's conversation after pressOneBot's prompt and a '1': the transcript's utterances in order, and the
 * conversation logs listing it as a voice conversation with the one user message.
 */
export async function expectPressOneConversation(db: Db, conversationId: number) {
  const tracker = await readTranscript(db, conversationId);
  const utters = (tracker as { type: string; value: string; args: { who?: string } }[])
    .filter((e) => e.type === 'utter')
    .map((e) => [e.args.who, e.value]);
  expect(utters).toEqual([
    ['bot', 'Press 1 to confirm your appointment.'],
    ['user', '1'],
    ['bot', 'Confirmed, goodbye.'],
  ]);
  const logs = await listConversations(db, 1, conversationsQuery.parse({}));
  expect(logs.items.find((c: { id: number }) => c.id === conversationId)).toMatchObject({
    channel: 'voice',
    messages: 1,
  });
}

/** Merges `patch` into project 1's stored settings (the long-silence ones, its SIP server, ...), as a PUT would keep them. */
export async function setProjectSettings(db: Db, patch: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('project_settings')
    .set({ data: sql`data || ${JSON.stringify(patch)}::jsonb` })
    .where('project_id', '=', 1)
    .execute();
}
