import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reaction } from '../../src/api/contract/reactions.ts';
import type { Stats } from '../../src/api/contract/stats.ts';
import { DEMO_HISTORY_DAYS, seedDemoHistory } from '../../server/features/chat/demo-history.ts';
import { addEntries, addStart, emptyRollup, writeRollup } from '../../server/features/stats/stats-rollup.ts';
import { seedUnclassified } from '../../server/features/unclassified/unclassified.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { write } from './language-model-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

const today = () => new Date().toISOString().slice(0, 10);

async function stats(query: Record<string, string>, as: Caller = admin) {
  return t.call('GET', '/v1/stats', { as, query });
}

/** A console conversation (the draft, as the test window) or a widget one (the chatbot token, testing). */
async function chat(channel: 'console' | 'widget', messages: string[]) {
  const token = `stats-conversation-token-${Math.random().toString(36).slice(2)}`;
  const { chatbot_token } = await t.db
    .selectFrom('project_settings')
    .select('chatbot_token')
    .where('project_id', '=', 1)
    .executeTakeFirstOrThrow();
  const send = (url: string, payload: object, query: Record<string, string>) =>
    channel === 'console'
      ? t.call('POST', url, { as: admin, body: payload, query })
      : t.app.inject({
          method: 'POST',
          url,
          query: { ...query, project_env: 'dev' },
          headers: { 'x-chatbot-token': chatbot_token ?? '' },
          payload,
        });
  const started = await send('/v1/chat/init', {}, { conversation_token: token });
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().conversation_id as number;
  for (const msg of messages) {
    const res = await send('/v1/chat', { msg }, { id: String(id), conversation_token: token });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

/** The demo's "human agent" reaction hands over (call_transfer; to itself, the only project), deployed to testing. */
async function transferOnHumanAgent() {
  const list = await t.call('GET', '/v1/reactions', { as: admin });
  const changed = (list.json() as Reaction[]).map((r) =>
    r.name === 'human_agent' ? { ...r, actions: [{ name: 'call_transfer', args: { project_id: 1 }, who: 'bot' }] } : r,
  );
  const saved = await t.call('PUT', '/v1/reactions', {
    as: admin,
    body: changed,
    query: { atime: list.headers['x-atime'] as string },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const deployed = await t.call('GET', '/v1/run/deploy', { as: admin, query: { project_env: 'dev' } });
  expect(deployed.statusCode, deployed.body).toBe(200);
  return deployed.json().id as number;
}

describe('GET /v1/stats', () => {
  it('counts real chats of the console and the widget: totals, series, histogram, tops, channels, deployments', async () => {
    const deploymentId = await transferOnHumanAgent();
    // Ended by call_end: order, a date (an answer, not classified), confirm.
    await chat('console', ['I want to order a pizza', '2031-05-04', 'yes']);
    // The same gibberish twice: two fallbacks, one phrase; left open.
    const open = await chat('console', ['blorp quux zzzx', 'Blorp  quux zzzx']);
    // Handed over by call_transfer.
    await chat('widget', ['I want to talk to a human']);
    // Production is counted apart.
    const empty = (await stats({ project_env: 'prod', from: today(), to: today() })).json() as Stats;
    expect(empty.totals.conversations).toBe(0);

    const hoursBegun = new Date().getUTCHours() + 1;
    const res = await stats({ project_env: 'dev', from: today(), to: today() });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Stats;
    expect(s.bucket).toBe('hour');
    // The hours begun so far (not 24: the rest of the day has not happened), the last one under way.
    expect([hoursBegun, hoursBegun + 1]).toContain(s.series.length);
    expect(s.series.at(-1)?.partial).toBe(true);
    expect(s.series.filter((p) => p.partial)).toHaveLength(1);
    expect(s.totals).toMatchObject({
      conversations: 3,
      user_messages: 6,
      avg_messages: 2,
      unique_callers: 1,
      fallback_share: 2 / 6,
      ended: 1,
      transferred: 1,
      // The open conversation had a message a moment ago: it is not over, so not counted in containment yet.
      abandoned: 0,
      containment: 1 / 2,
    });
    expect(s.totals.avg_confidence).toBeGreaterThan(0);
    expect(s.totals.avg_confidence).toBeLessThan(1);
    // Every classified message (the date was an answer to the date picker) is in the histogram.
    expect(s.confidence_histogram.reduce((a, b) => a + b, 0)).toBe(5);
    // All in this hour (or the one before, should the chats have crossed the hour).
    const sum = (key: 'conversations' | 'user_messages' | 'fallbacks') => s.series.reduce((a, p) => a + p[key], 0);
    expect([sum('conversations'), sum('user_messages'), sum('fallbacks')]).toEqual([3, 6, 2]);
    const recent = Date.now() - 2 * 3_600_000;
    expect(s.series.filter((p) => p.conversations > 0).every((p) => Date.parse(p.t) > recent)).toBe(true);
    expect(s.top_intents).toEqual(
      expect.arrayContaining([
        { intent: 'order', count: 1 },
        { intent: 'confirm', count: 1 },
        { intent: 'human agent', count: 1 },
      ]),
    );
    expect(s.top_intents).toHaveLength(3);
    // The phrase as the queue holds it (as first written), with the queue's id: the list is the queue's.
    const queue = await t.call('GET', '/v1/intents/unclassified', { as: admin });
    const queued = (queue.json() as { items: { id: number; intent: string }[] }).items;
    expect(queued.map((q) => q.intent)).toEqual(['blorp quux zzzx']);
    expect(s.top_unclassified).toEqual([{ id: queued[0]!.id, text: 'blorp quux zzzx', count: 2 }]);
    expect(s.channels).toEqual([
      { channel: 'console', conversations: 2 },
      { channel: 'widget', conversations: 1 },
      { channel: 'campaign', conversations: 0 },
    ]);
    expect(s.campaign_calls.every((c) => c.calls === 0)).toBe(true);
    expect(s.deployments.map((d) => d.id)).toEqual([deploymentId]);
    expect(s.previous.conversations).toBe(0);

    // Silent for over half an hour and not ended: abandoned.
    await t.db
      .updateTable('conversations')
      .set({ last_activity_at: new Date(Date.now() - 31 * 60_000) })
      .where('id', '=', open)
      .execute();
    const later = (await stats({ project_env: 'dev', from: today(), to: today() })).json() as Stats;
    expect(later.totals.abandoned).toBe(1);
    expect(later.totals.containment).toBe(1 / 3);

    // Classified: no longer waiting, so no longer "not understood" on the dashboard either.
    const intents = (await t.call('GET', '/v1/intents', { as: admin })).json() as { id: number; name: string }[];
    const classified = await write(t, admin, 'POST', `/v1/intents/${queued[0]!.id}/mark-classified`, {
      body: { intent_id: intents.find((i) => i.name === 'help')!.id },
    });
    expect(classified.statusCode, classified.body).toBe(200);
    const after = (await stats({ project_env: 'dev', from: today(), to: today() })).json() as Stats;
    expect(after.top_unclassified).toEqual([]);
  });

  it("counts an answered campaign call's conversation as a campaign call, and final calls by result", async () => {
    const campaign = async (env: 'dev' | 'prod') =>
      (
        await t.db
          .insertInto('outbound_campaigns')
          .values({
            project_id: 1,
            name: `Reminders ${env}`,
            project_env: env,
            call_time_from: '00:00',
            call_time_to: '23:59',
            retry_interval: 120,
            retry_count: 3,
            timeout: 30,
            callback_secret: 'secret',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const dev = await campaign('dev');
    const prod = await campaign('prod');
    // The voice session starts an answered call's conversation as a token caller, as the widget does.
    const conversation = await chat('widget', ['hello']);
    const now = new Date();
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    const call = (
      campaignId: number,
      status: 'completed' | 'failed' | 'queued',
      result: string | null,
      ended: Date | null,
      conversationId: number | null = null,
    ) => ({
      campaign_id: campaignId,
      destination: '+420601000000',
      scheduled_at: longAgo,
      status,
      attempts: 1,
      last_result: result,
      answered_at: conversationId === null ? null : now,
      ended_at: ended,
      conversation_id: conversationId,
    });
    await t.db
      .insertInto('outbound_calls')
      .values([
        call(dev, 'completed', 'completed', now, conversation),
        call(dev, 'failed', 'busy', now),
        call(dev, 'failed', 'busy', now),
        call(dev, 'failed', 'no-answer', now),
        // Re-queued after a busy attempt: not final. Ended before the period: not counted.
        call(dev, 'queued', 'busy', now),
        call(dev, 'failed', 'failed', longAgo),
        // Another environment.
        call(prod, 'failed', 'failed', now),
      ])
      .execute();
    const s = (await stats({ project_env: 'dev', from: today(), to: today() })).json() as Stats;
    expect(s.channels).toEqual([
      { channel: 'console', conversations: 0 },
      { channel: 'widget', conversations: 0 },
      { channel: 'campaign', conversations: 1 },
    ]);
    expect(s.campaign_calls).toEqual([
      { result: 'completed', calls: 1 },
      { result: 'busy', calls: 2 },
      { result: 'no-answer', calls: 1 },
      { result: 'failed', calls: 0 },
      { result: 'do-not-call', calls: 0 },
      { result: 'no-input', calls: 0 },
      { result: 'machine', calls: 0 },
    ]);
    const p = (await stats({ project_env: 'prod', from: today(), to: today() })).json() as Stats;
    expect(p.campaign_calls.find((c) => c.result === 'failed')?.calls).toBe(1);
  });

  it('buckets per day and per hour in the asked time zone, and gives the previous period', async () => {
    // Hours in UTC: 22:00 on 10 March is 23:00 in Prague (UTC+1), 23:00 is already 11 March there.
    const history = emptyRollup();
    for (const at of ['2026-03-10T22:10:00Z', '2026-03-10T23:10:00Z', '2026-03-10T23:20:00Z', '2026-03-12T12:00:00Z']) {
      addStart(history, Date.parse(at));
      addEntries(
        history,
        [
          {
            type: 'utter',
            value: 'hi',
            args: { who: 'user', intent: 'greeting', confidence: 0.95 },
            timestamp: Date.parse(at) * 1000,
          },
        ],
        null,
      );
    }
    // Three days before 10 March: the previous period of 10-12 March.
    addStart(history, Date.parse('2026-03-08T09:00:00Z'));
    await writeRollup(t.db, { projectId: 1, env: 'prod', userId: null }, history);

    const days = async (tz: string) => {
      const res = await stats({ project_env: 'prod', from: '2026-03-10', to: '2026-03-12', tz });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Stats;
    };
    const prague = await days('Europe/Prague');
    expect(prague.bucket).toBe('day');
    expect(prague.series).toEqual([
      { t: '2026-03-09T23:00:00.000Z', conversations: 1, user_messages: 1, fallbacks: 0 },
      { t: '2026-03-10T23:00:00.000Z', conversations: 2, user_messages: 2, fallbacks: 0 },
      { t: '2026-03-11T23:00:00.000Z', conversations: 1, user_messages: 1, fallbacks: 0 },
    ]);
    expect(prague.totals.conversations).toBe(4);
    expect(prague.previous.conversations).toBe(1);
    expect(prague.confidence_histogram[9]).toBe(4);
    expect(prague.top_intents).toEqual([{ intent: 'greeting', count: 4 }]);
    const utc = await days('UTC');
    expect(utc.series.map((p) => p.conversations)).toEqual([3, 0, 1]);
    expect(utc.series[0].t).toBe('2026-03-10T00:00:00.000Z');

    // One day in Prague, per hour: 24 hours from 23:00 UTC the day before.
    const hours = (
      await stats({ project_env: 'prod', from: '2026-03-11', to: '2026-03-11', tz: 'Europe/Prague' })
    ).json() as Stats;
    expect(hours.bucket).toBe('hour');
    expect(hours.series).toHaveLength(24);
    expect(hours.series[0]).toEqual({
      t: '2026-03-10T23:00:00.000Z',
      conversations: 2,
      user_messages: 2,
      fallbacks: 0,
    });
    expect(hours.previous.conversations).toBe(1);
  });

  it('ranks the top ten phrases of a long tail exactly', async () => {
    const history = emptyRollup();
    const say = (text: string, at: string, times: number) => {
      for (let i = 0; i < times; i++) {
        addEntries(
          history,
          [
            {
              type: 'utter',
              value: text,
              args: { who: 'user', intent: null, confidence: 0.1 },
              timestamp: Date.parse(at) * 1000,
            },
          ],
          null,
        );
      }
    };
    // Twelve frequent phrases (candidates) and a tail typed once each, on 10 March (UTC).
    for (let p = 0; p < 12; p++) say(`frequent ${String(p).padStart(2, '0')}`, '2026-03-10T10:00:00Z', 20 + 2 * p);
    // Below the candidate bar in every hour, but 25 in the day: it beats frequent 00..02.
    say('spread out', '2026-03-10T08:00:00Z', 8);
    say('spread out', '2026-03-10T09:00:00Z', 8);
    say('spread out', '2026-03-10T11:00:00Z', 9);
    for (let p = 0; p < 50; p++) say(`typed once ${p}`, '2026-03-10T12:00:00Z', 1);
    // The hour after the day (UTC): outside the period.
    say('frequent 00', '2026-03-11T00:00:00Z', 100);
    await writeRollup(t.db, { projectId: 1, env: 'prod', userId: null }, history);
    // All of them wait in the fallbacks queue (only waiting phrases are listed).
    const phrases = [...new Set([...history.phrases.keys()].map((k) => k.slice(k.indexOf('\t') + 1)))];
    await seedUnclassified(
      t.db,
      1,
      phrases.map((phrase) => ({ phrase, conversationIds: [] })),
    );
    const top = async (query: Record<string, string>) =>
      ((await stats({ project_env: 'prod', ...query })).json() as Stats).top_unclassified;
    const expected = [
      ...Array.from({ length: 9 }, (_, i) => ({
        text: `frequent ${String(11 - i).padStart(2, '0')}`,
        count: 42 - 2 * i,
      })),
      { text: 'spread out', count: 25 },
    ];
    const withoutIds = (list: Stats['top_unclassified']) => list.map(({ text, count }) => ({ text, count }));
    expect(withoutIds(await top({ from: '2026-03-10', to: '2026-03-10' }))).toEqual(expected);
    // Over three days in Prague the day is inside and the hour after it too.
    const prague = await top({ from: '2026-03-09', to: '2026-03-11', tz: 'Europe/Prague' });
    expect(prague[0]).toMatchObject({ text: 'frequent 00', count: 120 });
    expect(prague).toHaveLength(10);
  });

  it('shows the seeded demo history as a live bot: handovers, ends, fallbacks, every day', async () => {
    const adminId = (await t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await seedDemoHistory(t.db, 1, adminId);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const s = (await stats({ project_env: 'prod', from: day(DEMO_HISTORY_DAYS), to: day(1) })).json() as Stats;
    expect(s.totals.conversations).toBeGreaterThan(DEMO_HISTORY_DAYS * 20);
    // The "human agent" flow hands over to the agent desk (integration_redirect): containment is below 1.
    expect(s.totals.transferred).toBeGreaterThan(0);
    // Contained: ended, out of ended, transferred and abandoned (a third of the demo's conversations are abandoned).
    const { ended, transferred, abandoned } = s.totals;
    expect(abandoned).toBeGreaterThan(0);
    expect(s.totals.containment).toBe(ended / (ended + transferred + abandoned));
    expect(s.totals.containment).toBeLessThan(0.8);
    expect(s.totals.ended).toBeGreaterThan(0);
    // What the dashboard lists as not understood waits in the fallbacks queue, as said, with its conversations.
    const queue = (await t.call('GET', '/v1/intents/unclassified', { as: admin })).json() as {
      items: { id: number; intent: string; conversations_ids: string[] }[];
    };
    expect(s.top_unclassified.length).toBeGreaterThan(3);
    for (const phrase of s.top_unclassified) {
      const queued = queue.items.find((q) => q.id === phrase.id);
      expect(queued?.intent).toBe(phrase.text);
      expect(queued?.conversations_ids.length).toBeGreaterThan(0);
    }
    expect(s.top_unclassified.map((p) => p.text)).toContain('do you have gluten free dough');
    expect(s.totals.fallback_share).toBeGreaterThan(0);
    expect(s.series.filter((point) => point.conversations > 0)).toHaveLength(DEMO_HISTORY_DAYS);
  });

  it('needs GET /stats in the environment asked, and refuses bad periods', async () => {
    const permissionId = async (env: 'dev' | 'prod') =>
      (
        await t.db
          .selectFrom('permissions')
          .select('id')
          .where('method', '=', 'GET')
          .where('path', '=', '/stats')
          .where('project_env', '=', env)
          .executeTakeFirstOrThrow()
      ).id;
    const role = async (name: string, permissions: number[]) => {
      const { id } = await t.db.insertInto('roles').values({ name }).returning('id').executeTakeFirstOrThrow();
      for (const permission_id of permissions)
        await t.db.insertInto('role_permissions').values({ role_id: id, permission_id }).execute();
      return id;
    };
    const devOnly = await t.createUser({ roleId: await role('Testing statistics', [await permissionId('dev')]) });
    const none = await t.createUser({ roleId: await role('No statistics', []) });
    const period = { from: today(), to: today() };
    expect((await stats({ ...period, project_env: 'dev' }, devOnly)).statusCode).toBe(200);
    expect((await stats({ ...period, project_env: 'prod' }, devOnly)).statusCode).toBe(402);
    expect((await stats({ ...period, project_env: 'dev' }, none)).statusCode).toBe(402);
    expect((await stats({ ...period, project_env: 'prod' }, none)).statusCode).toBe(402);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await stats({ ...period, project_env: 'prod' }, viewer)).statusCode).toBe(200);

    const bad = async (query: Record<string, string>) => {
      const res = await stats({ project_env: 'dev', ...query });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ from: '2026-03-10', to: '2026-03-09' })).toBe('The period ends before it starts.');
    expect(await bad({ from: '2025-01-01', to: '2026-01-02' })).toBe('A period is at most 366 days.');
    expect(await bad({ from: '2026-02-30', to: '2026-03-01' })).toBe('2026-02-30 is not a day.');
    expect(await bad({ from: '2026-03-01', to: '2026-03-02', tz: 'Mars/Olympus' })).toBe(
      'Unknown time zone Mars/Olympus.',
    );
    expect((await stats({ project_env: 'dev', from: '2025-01-01', to: '2026-01-01' })).statusCode).toBe(200);
  });
});
