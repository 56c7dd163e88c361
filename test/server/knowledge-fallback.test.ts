// Issue 33 item 3: the knowledge base works from the start. The demo project's real trained model and its seeded
// knowledge index answer; nothing is switched on by the test before it checks the defaults.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { FALLBACK_INTENT, type Reaction } from '../../src/api/contract/reactions.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { write } from './knowledge-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
});

const SORRY = 'Sorry, I did not understand. Could you say it differently?';
const bot = (tracker: TrackerEntry[]) =>
  tracker.filter((e) => e.type === 'utter' && e.args.who === 'bot').map((e) => e.value);
const knowledgeActions = (tracker: TrackerEntry[]) =>
  tracker.filter((e) => e.type === 'action' && e.value === 'knowledge_answer');
const intentOf = (tracker: TrackerEntry[]) => tracker.find((e) => e.type === 'intent')?.value ?? null;

/** One message to a new conversation of the console's draft bot. */
async function ask(msg: string): Promise<TrackerEntry[]> {
  const query = { conversation_token: `kb-fallback-${Math.random().toString(36).slice(2)}-0123456789` };
  const init = await t.call('POST', '/v1/chat/init', { as: admin, body: { get_meta: true }, query });
  expect(init.statusCode, init.body).toBe(200);
  const { conversation_id: id, tracker } = init.json();
  const res = await t.call('POST', '/v1/chat', {
    as: admin,
    body: { msg, last_ts: tracker.at(-1)?.timestamp ?? 0, get_meta: true },
    query: { ...query, id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tracker.filter((e: TrackerEntry) => e.timestamp > (tracker.at(-1)?.timestamp ?? 0));
}

const settings = async (projectId = 1) =>
  (await t.call('GET', '/v1/settings', { as: admin, query: { project_id: projectId } })).json();
async function setSwitch(on: boolean): Promise<void> {
  const res = await write(t, admin, 'PUT', '/v1/settings', { knowledge_fallback: on }, '/v1/settings');
  expect(res.statusCode, res.body).toBe(200);
}

describe('defaults', () => {
  it('the seeded demo and a new project use the knowledge base; a project stored without the switch keeps it off', async () => {
    expect((await settings()).knowledge_fallback).toBe(true);
    const status = await t.call('GET', '/v1/knowledges/reindex/status', { as: admin });
    expect(status.json()).toMatchObject({ used_by_bot: true });

    const created = await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Fresh start' } });
    expect(created.statusCode, created.body).toBe(200);
    const projectId = created.json().project_id as number;
    expect((await settings(projectId)).knowledge_fallback).toBe(true);

    // A project stored before the switch existed: no migration turns it on.
    await t.db
      .updateTable('project_settings')
      .set({ data: sql<string>`data - 'knowledge_fallback'` })
      .where('project_id', '=', projectId)
      .execute();
    expect((await settings(projectId)).knowledge_fallback).toBe(false);
    const old = await t.call('GET', '/v1/knowledges/reindex/status', { as: admin, query: { project_id: projectId } });
    expect(old.json()).toMatchObject({ used_by_bot: false });
  });
});

describe('the chat answers from the knowledge base', () => {
  it('on defaults: an unrecognised question gets the entry, and no fallback text follows', async () => {
    const tracker = await ask('does the vegan cheese contain nuts');
    expect(intentOf(tracker)).toBeNull();
    const said = bot(tracker);
    expect(said.join(' ')).toMatch(/cashews/);
    expect(said).not.toContain(SORRY);
  });

  it('a recognised intent no reaction uses (the seeded payment) asks the knowledge base before the fallback', async () => {
    const question = 'what payment methods do you accept';
    const tracker = await ask(question);
    expect(intentOf(tracker)).toBe('payment');
    expect(tracker.some((e) => e.type === 'log' && /No reaction for intent payment/.test(e.value ?? ''))).toBe(true);
    expect(knowledgeActions(tracker).map((e) => e.args.answered)).toEqual([true]);
    const said = bot(tracker);
    expect(said.join(' ')).toMatch(/We accept cash, debit and credit cards/);
    expect(said).not.toContain(SORRY);

    // With the switch off, the same message gets the fallback reaction and no search.
    await setSwitch(false);
    try {
      const off = await ask(question);
      expect(intentOf(off)).toBe('payment');
      expect(knowledgeActions(off)).toEqual([]);
      expect(bot(off)).toEqual([SORRY]);
    } finally {
      await setSwitch(true);
    }
  });

  it('a knowledge_answer in the fallback reaction: an answer ends it, no answer lets the rest follow', async () => {
    const reactions = await t.call('GET', '/v1/reactions', { as: admin });
    const fallback = (reactions.json() as Reaction[]).find((r) => r.intents.includes(FALLBACK_INTENT))!;
    const { id, name, condition, intents, priority, reactions_scopes_id } = fallback;
    const body = { name, condition, intents, priority, reactions_scopes_id };
    const saved = await write(
      t,
      admin,
      'PUT',
      `/v1/reaction/${id}`,
      {
        ...body,
        actions: [
          { name: 'knowledge_answer', args: { fallback_text: 'The knowledge base has nothing on that.' } },
          { name: 'utter', args: { text: SORRY } },
        ],
      },
      '/v1/reactions',
    );
    expect(saved.statusCode, saved.body).toBe(200);

    // Switch off: only the reaction's action searches.
    await setSwitch(false);
    try {
      const answered = await ask('does the vegan cheese contain nuts');
      expect(knowledgeActions(answered).map((e) => e.args.answered)).toEqual([true]);
      expect(bot(answered).join(' ')).toMatch(/cashews/);
      expect(bot(answered)).not.toContain(SORRY);

      const unrelated = await ask('what is the capital city of mongolia');
      expect(bot(unrelated)).toEqual(['The knowledge base has nothing on that.', SORRY]);
    } finally {
      await setSwitch(true);
    }
    // Switch on: the runtime searched once without an answer, the reaction's action does not search again.
    const unrelated = await ask('what is the capital city of mongolia');
    expect(knowledgeActions(unrelated)).toHaveLength(1);
    expect(bot(unrelated)).toEqual(['The knowledge base has nothing on that.', SORRY]);
  });
});
