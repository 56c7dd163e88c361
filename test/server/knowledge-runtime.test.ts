import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import type { KnowledgeItem, ReindexStatus } from '../../src/api/contract/knowledges.ts';
import type { QaEvaluationResult, QaEvaluationStatus, QaTrainingItem } from '../../src/api/contract/qa-trainings.ts';
import { webhookAllowList } from '../../server/webhook/address-policy.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';
import { article, multipart, pageServer, waitForJob, write } from './knowledge-fixtures.ts';

let t: TestApp;
let admin: Caller;
let pages: Awaited<ReturnType<typeof pageServer>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  pages = await pageServer();
  base = `http://127.0.0.1:${pages.port}`;
  webhookAllowList.add(`127.0.0.1:${pages.port}`);
  // The project's switch is on from the seed (issue 33): the knowledge base answers before the fallback reaction.
  const settings = await t.call('GET', '/v1/settings', { as: admin });
  expect(settings.json().knowledge_fallback).toBe(true);
});
afterAll(async () => {
  webhookAllowList.delete(`127.0.0.1:${pages.port}`);
  await pages.close();
  await t.close();
});

const list = async (): Promise<KnowledgeItem[]> => (await t.call('GET', '/v1/knowledges', { as: admin })).json();
const status = async (): Promise<ReindexStatus> =>
  (await t.call('GET', '/v1/knowledges/reindex/status', { as: admin })).json();

async function reindex(): Promise<ReindexStatus> {
  const res = await t.call('GET', '/v1/knowledges/reindex', { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'ok', state: expect.stringMatching(/queued|running/) });
  await waitForJob(t, res.json().job_id);
  return status();
}

const bot = (tracker: TrackerEntry[]) =>
  tracker.filter((e) => e.type === 'utter' && e.args.who === 'bot').map((e) => e.value);
const links = (tracker: TrackerEntry[]) =>
  tracker.filter((e) => e.type === 'action' && e.value === 'links').flatMap((e) => e.args.links as { url: string }[]);

/** One message to a new conversation: the console's draft, or a widget's in an environment. */
async function ask(msg: string, env?: 'dev' | 'prod'): Promise<TrackerEntry[]> {
  const token = `kb-token-${Math.random().toString(36).slice(2)}-0123456789`;
  let as: Caller | null = admin;
  let headers: Record<string, string> = {};
  const query: Record<string, string> = { conversation_token: token };
  if (env) {
    const { chatbot_token } = await t.db
      .selectFrom('project_settings')
      .select('chatbot_token')
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    as = null;
    headers = { 'x-chatbot-token': chatbot_token };
    query.project_env = env;
  }
  const init = await t.call('POST', '/v1/chat/init', { as, headers, body: { get_meta: true }, query });
  expect(init.statusCode, init.body).toBe(200);
  const { conversation_id: id, tracker } = init.json();
  const res = await t.call('POST', '/v1/chat', {
    as,
    headers,
    body: { msg, last_ts: tracker.at(-1)?.timestamp ?? 0, get_meta: true },
    query: { ...query, id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tracker;
}

describe('reindex', () => {
  it('answers at once; the job refreshes URL entries, skips unchanged text and keeps the old text on failure', async () => {
    pages.pages.set('/menu', { body: article('Lunch menu', ['The lunch menu is served from noon until three.']) });
    pages.pages.set('/terrace', { body: article('Terrace', ['The terrace seats forty guests in the summer.']) });
    const menu = (await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/menu` })).json();
    const terrace = (await write(t, admin, 'POST', '/v1/knowledges/import-url', { url: `${base}/terrace` })).json();
    expect((await status()).stale).toBe(true);

    pages.pages.set('/menu', { body: article('Lunch menu', ['The lunch menu is served from eleven until two.']) });
    pages.pages.delete('/terrace');
    const after = await reindex();
    expect(after).toMatchObject({ state: 'done', stale: false, error: null, indexed_at: expect.any(String) });
    expect(after.report).toMatchObject({ fetched: 2, changed: 1, unchanged: 0 });
    expect(after.report!.failed).toEqual([
      { id: terrace.id, link: `${base}/terrace`, error: expect.stringMatching(/HTTP 404.*previous text is kept/) },
    ]);
    expect(after.entries).toBe((await list()).length);
    expect(after.passages).toBeGreaterThanOrEqual(after.entries);
    const entries = await list();
    expect(entries.find((e) => e.id === menu.id)).toMatchObject({
      knowledge: 'The lunch menu is served from eleven until two.',
      index_status: 'indexed',
      who: null,
    });
    expect(entries.find((e) => e.id === terrace.id)).toMatchObject({
      knowledge: 'The terrace seats forty guests in the summer.',
      index_status: 'failed',
      index_error: expect.stringContaining('previous text is kept'),
    });

    // Again: the page is unchanged (skipped), the terrace page is back (its error clears).
    pages.pages.set('/terrace', { body: article('Terrace', ['The terrace seats forty guests in the summer.']) });
    const again = await reindex();
    expect(again.report).toMatchObject({ fetched: 2, changed: 0, unchanged: 2, failed: [] });
    expect((await list()).find((e) => e.id === terrace.id)).toMatchObject({
      index_status: 'indexed',
      index_error: null,
    });
  });

  it('"try a question": the draft index ranks passages with scores and confidence', async () => {
    const res = await t.call('POST', '/v1/knowledges/search', {
      as: admin,
      body: { question: 'Until what time is lunch served?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ indexed: true, threshold: 0.5 });
    expect(body.hits[0]).toMatchObject({ link: `${base}/menu`, title: 'Lunch menu' });
    expect(body.hits[0].score).toBeGreaterThan(0);
    expect(body.hits[0].confidence).toBeGreaterThan(0);
    const empty = await t.call('POST', '/v1/knowledges/search', { as: admin, body: { question: '  ' } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('answers in the conversation', () => {
  it('answers a differently worded question with the entry and its link, and falls back on an unrelated one', async () => {
    const tracker = await ask('does the vegan cheese contain nuts');
    const said = bot(tracker);
    expect(said.join(' ')).toMatch(/cashews/);
    expect(links(tracker)).toEqual([expect.objectContaining({ url: 'https://example.com/allergens' })]);
    const answer = tracker.find((e) => e.type === 'action' && e.value === 'knowledge_answer');
    expect(answer?.args).toMatchObject({ answered: true, score: expect.any(Number), confidence: expect.any(Number) });
    expect(tracker.some((e) => e.type === 'log' && /answered from entry #\d+ "Allergens/.test(e.value ?? ''))).toBe(
      true,
    );

    const unrelated = await ask('what is the capital city of mongolia');
    expect(bot(unrelated)).toEqual(['Sorry, I did not understand. Could you say it differently?']);
    expect(unrelated.find((e) => e.type === 'action' && e.value === 'knowledge_answer')?.args).toMatchObject({
      answered: false,
    });
    const stats = await t.db
      .selectFrom('stats_hourly')
      .select((eb) => [
        eb.fn.sum<number>('knowledge_answers').as('a'),
        eb.fn.sum<number>('knowledge_no_answers').as('n'),
      ])
      .where('project_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(stats.a)).toBeGreaterThanOrEqual(1);
    expect(Number(stats.n)).toBeGreaterThanOrEqual(1);
    // The conversation logs count them per conversation.
    const listed = async (text: string) => {
      const res = await t.call('GET', '/v1/conversations', { as: admin, query: { project_id: '1', text } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as Array<Record<string, unknown>>;
    };
    expect(await listed('vegan cheese contain nuts')).toEqual([
      expect.objectContaining({ knowledge_answers: 1, knowledge_no_answers: 0 }),
    ]);
    expect(await listed('capital city of mongolia')).toEqual([
      expect.objectContaining({ knowledge_answers: 0, knowledge_no_answers: 1 }),
    ]);
  });

  it('deploy freezes the index: production keeps the deployed text after an edit, and a rollback restores it', async () => {
    const gift = (await list()).find((e) => e.title === 'Gift cards')!;
    const question = 'for how many years can I use a gift card';
    const first = await t.call('GET', '/v1/run/deploy', {
      as: admin,
      query: { project_env: 'prod', message: 'KB one' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(bot(await ask(question, 'prod')).join(' ')).toMatch(/two years/);

    const edited = await write(t, admin, 'PUT', `/v1/knowledges/${gift.id}`, {
      link: gift.link,
      title: gift.title,
      knowledge: 'A gift card is valid for three years from the day of purchase and can pay for deliveries too.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await reindex();
    expect(bot(await ask(question)).join(' ')).toMatch(/three years/);
    expect(bot(await ask(question, 'prod')).join(' ')).toMatch(/two years/);

    const second = await t.call('GET', '/v1/run/deploy', {
      as: admin,
      query: { project_env: 'prod', message: 'KB two' },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(bot(await ask(question, 'prod')).join(' ')).toMatch(/three years/);
    const rollback = await t.call('GET', '/v1/run/deploy', {
      as: admin,
      query: { project_env: 'prod', message: 'Back', toDeploymentId: first.json().id },
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(bot(await ask(question, 'prod')).join(' ')).toMatch(/two years/);
  });
});

describe('QA trainings', () => {
  const qaList = async (): Promise<QaTrainingItem[]> => (await t.call('GET', '/v1/qa-trainings', { as: admin })).json();
  const putQa = (id: number, body: unknown, as: Caller = admin) =>
    write(t, as, 'PUT', `/v1/qa-trainings/${id}`, body, '/v1/qa-trainings');

  it('CRUD with permissions, CSV export and all-or-nothing import', async () => {
    const seeded = await qaList();
    expect(seeded.length).toBe(7);
    expect(seeded.filter((q) => q.knowledge_id === null).map((q) => q.question)).toEqual([
      'Who won the football match yesterday?',
    ]);
    const entry = (await list()).find((e) => e.title === 'Delivery area and fees')!;
    const created = await putQa(-1, { question: '  Do you deliver to the airport? ', knowledge_id: entry.id });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect((await qaList()).find((q) => q.id === id)).toMatchObject({
      question: 'Do you deliver to the airport?',
      knowledge_title: 'Delivery area and fees',
      who: 'Administrator',
    });
    expect((await putQa(-1, { question: '', knowledge_id: null })).statusCode).toBe(400);
    expect((await putQa(-1, { question: 'x', knowledge_id: 999_999 })).statusCode).toBe(400);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/qa-trainings', { as: viewer })).statusCode).toBe(200);
    expect((await putQa(-1, { question: 'y', knowledge_id: null }, viewer)).statusCode).toBe(402);
    expect((await write(t, admin, 'DELETE', `/v1/qa-trainings/${id}`, undefined, '/v1/qa-trainings')).statusCode).toBe(
      200,
    );

    const csv = await t.call('GET', '/v1/qa-trainings/export', { as: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('qa_trainings_1.csv');
    expect(csv.body.split('\r\n')[0]).toBe('question,knowledge_id,link');
    expect(csv.body).toContain(`How much does delivery cost?,${entry.id},https://example.com/delivery`);

    const importCsv = (content: string) => {
      const { body, headers } = multipart({ name: 'qa.csv', content, type: 'text/csv' });
      return t.call('PUT', '/v1/qa-trainings/import', { as: admin, body, headers });
    };
    const n = (await qaList()).length;
    const bad = await importCsv(
      `question,knowledge_id,link\nWhere do you deliver?,,https://example.com/delivery\nWhat?,424242,\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Line 3: knowledge entry 424242 does not exist in this project.');
    expect((await qaList()).length).toBe(n);
    const good = await importCsv(
      `question,knowledge_id,link\nWhere do you deliver?,,https://example.com/delivery\nWhat is the weather like?,,\nHow much does delivery cost?,${entry.id},\n`,
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ created: 2, skipped: 1 });
    expect((await qaList()).length).toBe(n + 2);
    // Deleting an entry deletes its questions (in the history too).
    const temp = (
      await write(t, admin, 'PUT', '/v1/knowledges/-1', { knowledge: 'Temporary entry about kites.' })
    ).json();
    await putQa(-1, { question: 'kites?', knowledge_id: temp.id });
    expect((await write(t, admin, 'DELETE', `/v1/knowledges/${temp.id}`)).statusCode).toBe(200);
    expect((await qaList()).some((q) => q.question === 'kites?')).toBe(false);
  });

  it('evaluates as a job: per question rank, confidence and hint; recall, MRR and no-answer precision', async () => {
    const before = await t.call('GET', '/v1/qa-trainings/evaluation', { as: admin });
    expect(before.json().status).toMatchObject({ stale: true });
    const queued = await t.call('POST', '/v1/qa-trainings/evaluate', { as: admin });
    expect(queued.statusCode, queued.body).toBe(200);
    await waitForJob(t, queued.json().job_id);
    const res = await t.call('GET', '/v1/qa-trainings/evaluation', { as: admin });
    const { status: s, result } = res.json() as { status: QaEvaluationStatus; result: QaEvaluationResult };
    expect(s).toMatchObject({ state: 'done', stale: false, evaluated_at: expect.any(String) });
    const questions = await t.call('GET', '/v1/qa-trainings', { as: admin });
    expect(result.questions.length).toBe(questions.json().length);
    for (const value of [result.recall_at_1, result.recall_at_3, result.mrr]) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThanOrEqual(1);
      expect(Math.round(value! * 1000) / 1000).toBe(value);
    }
    expect(result.recall_at_3!).toBeGreaterThanOrEqual(result.recall_at_1!);
    const delivery = result.questions.find((q) => q.question === 'How much does delivery cost?')!;
    expect(delivery).toMatchObject({ rank: expect.any(Number), confidence: expect.any(Number) });
    const missed = result.questions.filter((q) => !q.hit);
    for (const q of missed) expect(q.hint).toEqual(expect.any(String));
    expect(result.perfect).toBe(missed.length === 0);
    // A change makes the stored result stale.
    await write(
      t,
      admin,
      'PUT',
      '/v1/qa-trainings/-1',
      { question: 'Is there a kids menu?', knowledge_id: null },
      '/v1/qa-trainings',
    );
    expect((await t.call('GET', '/v1/qa-trainings/evaluation', { as: admin })).json().status.stale).toBe(true);
  });
});
