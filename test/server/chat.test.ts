import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { statementCount } from '../../server/db/database.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { readTranscript } from '../../server/features/chat/transcript.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

const TOKEN = 'test-conversation-token-0123456789';

async function init(
  as: Caller | null = admin,
  extra: { headers?: Record<string, string>; query?: Record<string, string> } = {},
) {
  const res = await t.call('POST', '/v1/chat/init', {
    as,
    body: { get_meta: true },
    query: { conversation_token: TOKEN, ...extra.query },
    headers: extra.headers,
  });
  if (res.statusCode === 200) seen.set(res.json().conversation_id, res.json().tracker.at(-1)?.timestamp ?? 0);
  return res;
}

/** Last timestamp seen per conversation: each answer then holds only the new entries. */
const seen = new Map<number, number>();
async function say(
  id: number,
  msg: string,
  options: { as?: Caller | null; getMeta?: boolean; headers?: Record<string, string> } = {},
) {
  const res = await t.call('POST', '/v1/chat', {
    as: options.as === undefined ? admin : options.as,
    body: { msg, last_ts: seen.get(id) ?? 0, get_meta: options.getMeta ?? true },
    query: { id, conversation_token: TOKEN },
    headers: options.headers,
  });
  const last = res.statusCode === 200 ? res.json().tracker.at(-1)?.timestamp : undefined;
  if (last) seen.set(id, last);
  return res;
}

const utters = (tracker: TrackerEntry[]) =>
  tracker.filter((e) => e.type === 'utter' && e.args.who === 'bot').map((e) => e.value);
const reactions = (tracker: TrackerEntry[]) => tracker.filter((e) => e.type === 'reaction').map((e) => e.value);
const actions = (tracker: TrackerEntry[]) => tracker.filter((e) => e.type === 'action');

describe('the demo dialogue through the chat calls', () => {
  it('greets with buttons, takes an order with a date picker in the order scope, confirms and ends', async () => {
    const started = await init();
    expect(started.statusCode, started.body).toBe(200);
    const { conversation_id: id, tracker } = started.json();
    expect(reactions(tracker)).toEqual(['welcome']);
    expect(actions(tracker)[0]).toMatchObject({ value: 'buttons' });

    const order = (await say(id, 'I want to order a pizza')).json();
    expect(reactions(order.tracker)).toEqual(['order']);
    const intent = order.tracker.find((e: TrackerEntry) => e.type === 'intent');
    expect(intent.value).toBe('order');
    expect(intent.args.confidence).toBeGreaterThan(0);
    expect(actions(order.tracker).map((a: TrackerEntry) => a.value)).toEqual([
      'date_picker',
      'change_scope',
      'timeout',
    ]);

    const date = (await say(id, '2031-05-04')).json();
    expect(reactions(date.tracker)).toEqual(['order_date']);
    expect(utters(date.tracker)).toEqual(['Delivery on 2031-05-04. Shall I confirm the order?']);

    const yes = (await say(id, 'yes')).json();
    expect(reactions(yes.tracker)).toEqual(['order_confirmed']);
    expect(yes.ended).toBe(true);
    expect(actions(yes.tracker).at(-1)?.value).toBe('call_end');

    const after = await say(id, 'hello');
    expect(after.statusCode).toBe(410);
  });

  it('answers only the entries after last_ts, and strips intent and confidence without get_meta', async () => {
    const { conversation_id: id, tracker } = (await init()).json();
    const lastTs = tracker.at(-1).timestamp;
    const res = await t.call('POST', '/v1/chat', {
      as: admin,
      body: { msg: 'hello', last_ts: lastTs, get_meta: false },
      query: { id, conversation_token: TOKEN },
    });
    const entries: TrackerEntry[] = res.json().tracker;
    expect(entries.every((e) => e.timestamp > lastTs)).toBe(true);
    expect(entries.some((e) => e.type === 'intent')).toBe(false);
    expect(entries.find((e) => e.type === 'utter' && e.args.who === 'user')?.args).not.toHaveProperty('confidence');
    expect(reactions(entries)).toEqual(['greeting']);
  });

  it('falls back below the threshold and counts the phrase in the unclassified intents', async () => {
    // A strict threshold, so that a made-up phrase surely falls below it.
    await t.db
      .updateTable('project_settings')
      .set({ data: sql`data || '{"confidence_threshold": 0.95}'::jsonb` })
      .where('project_id', '=', 1)
      .execute();
    const { conversation_id: id } = (await init()).json();
    const res = (await say(id, 'zzqx vlorp quantum giraffe')).json();
    expect(reactions(res.tracker)).toEqual(['fallback']);
    await say(id, 'zzqx  vlorp quantum giraffe');
    const row = await t.db
      .selectFrom('unclassified_intents')
      .select(['counter', 'conversations_ids'])
      .where('project_id', '=', 1)
      .where('intent_key', '=', 'zzqx vlorp quantum giraffe')
      .executeTakeFirst();
    expect(row?.counter).toBe(2);
    expect(row?.conversations_ids).toEqual([String(id)]);
  });

  it('runs a pending timeout reaction once, and not after it is cleared', async () => {
    const { conversation_id: id } = (await init()).json();
    await say(id, 'I want to order a pizza');
    const timeout = () =>
      t.call('POST', '/v1/chat/timeout', {
        as: admin,
        body: { reaction: 'order_reminder', last_ts: 0 },
        query: { id, conversation_token: TOKEN },
      });
    const first = (await timeout()).json();
    expect(reactions(first.tracker).at(-1)).toBe('order_reminder');
    const second = (await timeout()).json();
    expect(second.tracker.at(-1)).toMatchObject({ type: 'log', level: 30 });
    expect(reactions(second.tracker).filter((r) => r === 'order_reminder')).toHaveLength(1);
    // A new order sets the timer again; choosing a date clears it.
    await say(id, 'no');
    await say(id, 'I want to order a pizza');
    await say(id, '2031-01-02');
    const cleared = (await timeout()).json();
    expect(reactions(cleared.tracker).filter((r) => r === 'order_reminder')).toHaveLength(1);
  });

  it('stores the conversation with project, environment, timestamps, tracker, variables and scope', async () => {
    const { conversation_id: id } = (await init()).json();
    await say(id, 'I want to order a pizza');
    const row = await t.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ project_id: 1, project_env: 'draft', ended: false, messages: 1, projects: [1] });
    expect(row.scope_id).not.toBeNull();
    expect((await readTranscript(t.db, id)).length).toBeGreaterThan(5);
    expect(row.started_at).toBeInstanceOf(Date);
    expect(row.timers).toHaveProperty('order_reminder');
  });
});

describe('who may chat', () => {
  it('accepts the chatbot token without a cookie and scopes the conversation to its project and env', async () => {
    const { chatbot_token } = await t.db
      .selectFrom('project_settings')
      .select('chatbot_token')
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/init',
      query: { conversation_token: TOKEN, project_env: 'dev' },
      headers: { 'x-chatbot-token': chatbot_token },
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().conversation_id;
    const row = await t.db
      .selectFrom('conversations')
      .select(['project_env', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ project_env: 'dev', user_id: null });
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      query: { id: String(id), conversation_token: TOKEN, chatbot_token, project_env: 'dev' },
      payload: { msg: 'hello' },
    });
    expect(viaQuery.statusCode).toBe(200);
    // The same conversation is not reachable as production, nor with a wrong conversation token.
    const asProd = await t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      query: { id: String(id), conversation_token: TOKEN, chatbot_token },
      payload: { msg: 'hello' },
    });
    expect(asProd.statusCode).toBe(404);
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      query: { id: String(id), conversation_token: 'another-token-0123456789abc', chatbot_token, project_env: 'dev' },
      payload: { msg: 'hello' },
    });
    expect(wrongToken.statusCode).toBe(404);
  });

  it('refuses a wrong chatbot token, no session, a missing console header and a user without the project', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/init',
      headers: { 'x-chatbot-token': 'x'.repeat(32) },
      payload: {},
    });
    expect(bad.statusCode).toBe(401);
    expect((await init(null)).statusCode).toBe(401);
    expect((await init(admin, { headers: { 'x-requested-with': '' } })).statusCode).toBe(403);
    const outsider = await t.createUser({});
    expect((await init(outsider)).statusCode).toBe(402);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await init(viewer)).statusCode).toBe(200);
  });

  it('keeps conversations of one caller away from another project', async () => {
    const { conversation_id: id } = (await init()).json();
    const other = await t.call('POST', '/v1/chat', {
      as: admin,
      body: { msg: 'hi' },
      query: { id, conversation_token: TOKEN, project_id: 999 },
    });
    expect([402, 404]).toContain(other.statusCode);
  });
});

describe('request logging of the chat calls', () => {
  it('logs no info line per message (issue 15), but still the other calls', async () => {
    const lines: { msg?: string; req?: { url?: string } }[] = [];
    const logged = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    const previous = t;
    t = logged;
    try {
      const caller = await t.admin();
      const started = await init(caller);
      expect(started.statusCode).toBe(200);
      lines.length = 0;
      expect((await say(started.json().conversation_id, 'hello', { as: caller })).statusCode).toBe(200);
      expect(lines.filter((l) => l.req?.url?.startsWith('/v1/chat?'))).toEqual([]);
      await init(caller);
      expect(lines.some((l) => l.req?.url?.startsWith('/v1/chat/init'))).toBe(true);
    } finally {
      t = previous;
      await logged.close();
    }
  });
});

describe('messages that arrive together (issue 15)', () => {
  it('share one read and one write, and each gets its own answer in order', async () => {
    const { chatbot_token } = await t.db
      .selectFrom('project_settings')
      .select('chatbot_token')
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    const widget = (url: string, query: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url, query, headers: { 'x-chatbot-token': chatbot_token }, payload });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = await widget('/v1/chat/init', { conversation_token: `${TOKEN}-${i}` }, {});
      expect(started.statusCode, started.body).toBe(200);
      ids.push(started.json().conversation_id);
    }
    const statements = statementCount();
    const answers = await Promise.all(
      ids.map((id, i) => widget('/v1/chat', { id: String(id), conversation_token: `${TOKEN}-${i}` }, { msg: 'hello' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    expect(answers.map((a) => a.json().conversation_id)).toEqual(ids);
    // 6 messages, 12 statements one by one; together 2 (a read, a write), a few more if the batches split.
    expect(statementCount() - statements).toBeLessThanOrEqual(4);
    const stored = await t.db.selectFrom('conversations').select(['id', 'messages']).where('id', 'in', ids).execute();
    expect(stored.every((c) => c.messages === 1)).toBe(true);
    // A wrong conversation token in a batch is refused alone.
    const mixed = await Promise.all([
      widget('/v1/chat', { id: String(ids[0]), conversation_token: `${TOKEN}-0` }, { msg: 'hello' }),
      widget('/v1/chat', { id: String(ids[1]), conversation_token: 'wrong-token-0123456789' }, { msg: 'hello' }),
    ]);
    expect(mixed.map((a) => a.statusCode)).toEqual([200, 404]);
  });
});

describe('conversations that open together (issue 35)', () => {
  it('cost about what a message costs: one shared read, one insert and one write for the whole crowd', async () => {
    const { chatbot_token } = await t.db
      .selectFrom('project_settings')
      .select('chatbot_token')
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    const open = (token: string, chatbotToken = chatbot_token) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/chat/init',
        query: { conversation_token: token, project_env: 'prod' },
        headers: { 'x-chatbot-token': chatbotToken },
        payload: {},
      });
    const startedCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('stats_hourly')
            .select((eb) => eb.fn.sum<number>('conversations').as('n'))
            .where('project_id', '=', 1)
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
    expect((await open(`${TOKEN}-warm`)).statusCode).toBe(200);

    // Alone (the bot's caches warm): the token and the bot's stamps in one read, the row, the @start turn's write
    // (one more if the job runner's poll falls in between; it was 11).
    let statements = statementCount();
    const alone = await open(`${TOKEN}-alone`);
    expect(alone.statusCode, alone.body).toBe(200);
    expect(statementCount() - statements).toBeLessThanOrEqual(4);

    const before = await startedCount();
    statements = statementCount();
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => open(`${TOKEN}-crowd-${i}`)));
    expect(crowd.map((r) => r.statusCode)).toEqual(crowd.map(() => 200));
    // 8 openings, 24 statements one by one (88 before issue 35); together 3, a few more if the batches split.
    expect(statementCount() - statements).toBeLessThanOrEqual(7);
    const ids = crowd.map((r) => r.json().conversation_id as number);
    expect(new Set(ids).size).toBe(8);
    for (const r of crowd) expect(reactions(r.json().tracker)).toEqual(['welcome']);
    // Each is its own conversation, reachable with its own token, and counted once on the dashboard.
    const stored = await t.db
      .selectFrom('conversations')
      .select(['id', 'messages', 'version'])
      .where('id', 'in', ids)
      .execute();
    expect(stored.map((c) => c.version)).toEqual(ids.map(() => 1));
    expect((await startedCount()) - before).toBe(8);
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/chat',
      query: { id: String(ids[3]), conversation_token: `${TOKEN}-crowd-3`, project_env: 'prod' },
      headers: { 'x-chatbot-token': chatbot_token },
      payload: { msg: 'hello', last_ts: 0 },
    });
    expect(second.statusCode, second.body).toBe(200);

    // A wrong chatbot token in a crowd is refused alone.
    const mixed = await Promise.all([
      open(`${TOKEN}-mixed-0`),
      open(`${TOKEN}-mixed-1`, 'wrong-chatbot-token-0123456789'),
    ]);
    expect(mixed.map((r) => r.statusCode)).toEqual([200, 401]);
  });
});
