import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestRunResult } from '../../src/api/contract/tests.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

async function demoTestId(): Promise<number> {
  return (await t.call('GET', '/v1/tests', { as: admin })).json()[0].id;
}
async function run(id: number): Promise<TestRunResult> {
  const res = await t.call('GET', `/v1/run/test/${id}`, { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /run/test/{id}', () => {
  it('runs the demo test green, with the conversation and what each step did, storing no conversation', async () => {
    const before = await t.db.selectFrom('conversations').select('id').execute();
    const answer = await run(await demoTestId());
    expect(answer.result).toBe('ok');
    expect(answer.failed_step).toBeNull();
    expect(answer.steps.map((s) => s.reactions)).toEqual([['order'], ['order_date'], ['order_confirmed']]);
    expect(answer.steps[0].intent).toBe('order');
    expect(answer.steps[2].actions).toEqual(['utter', 'call_end']);
    expect(answer.tracker.filter((e) => e.type === 'reaction').map((e) => e.value)).toEqual([
      'welcome',
      'order',
      'order_date',
      'order_confirmed',
    ]);
    expect(await t.db.selectFrom('conversations').select('id').execute()).toEqual(before);
    const fallbacks = await t.db.selectFrom('unclassified_intents').select('id').execute();
    expect(fallbacks).toEqual([]);
  });

  it('goes red naming the step and what differed: reaction, action, expression, ended conversation', async () => {
    const atime = async () => (await t.call('GET', '/v1/tests', { as: admin })).headers['x-atime'] as string;
    const create = async (name: string, steps: unknown[]) =>
      (
        await t.call('PUT', '/v1/tests/-1', { as: admin, body: { name, steps }, query: { atime: await atime() } })
      ).json().id as number;

    const reaction = await run(await create('wrong_reaction', [{ input: 'when are you open', reactions: ['help'] }]));
    expect(reaction.result).toMatch(/^Step 1 \("when are you open"\): expected reaction help, but ran opening_hours/);
    expect(reaction.failed_step).toBe(0);

    const action = await run(
      await create('wrong_action', [
        { input: 'when are you open', reactions: ['opening_hours'] },
        { input: 'help', actions: ['links', 'buttons'] },
      ]),
    );
    expect(action.result).toBe('Step 2 ("help"): expected action buttons, but ran utter, links');
    expect(action.steps[0].error).toBeNull();
    expect(action.steps[1].reached).toBe(true);

    const expression = await run(await create('wrong_expression', [{ input: 'help', condition: "intent == 'order'" }]));
    expect(expression.result).toMatch(
      /^Step 1 \("help"\): the test expression intent == 'order' is false \(intent help/,
    );

    const ended = await run(await create('after_end', [{ input: 'bye' }, { input: 'hello' }]));
    expect(ended.result).toBe('Step 2 ("hello"): the conversation had already ended');
    expect(ended.steps[1].reached).toBe(true);
  });

  it('sees a reaction changed in the draft at once (the bot broken, the test red)', async () => {
    const id = await demoTestId();
    const reactions = await t.call('GET', '/v1/reactions', { as: admin });
    const list = reactions.json();
    const order = list.find((r: { name: string }) => r.name === 'order');
    order.intents = ['help'];
    const saved = await t.call('PUT', '/v1/reactions', {
      as: admin,
      body: list,
      query: { atime: reactions.headers['x-atime'] as string },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = await run(id);
    expect(answer.result).toMatch(/^Step 1 \("I want to order a pizza"\): expected reaction order, but ran /);
  });

  it('runs many tests at once on every runner thread', async () => {
    const id = await demoTestId();
    const answers = await Promise.all(Array.from({ length: 12 }, () => run(id)));
    expect(answers.every((a) => a.result === 'ok')).toBe(true);
    expect(t.app.services.testRuns.threadCount).toBeGreaterThanOrEqual(1);
  });
});
