import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DUPLICIT_TEST_NAME, STEP_INPUT_EMPTY } from '../../src/api/contract/tests.ts';
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

async function atime(): Promise<string> {
  const res = await t.call('GET', '/v1/tests', { as: admin });
  return res.headers['x-atime'] as string;
}

async function save(id: number, body: unknown, as: Caller = admin) {
  return t.call('PUT', `/v1/tests/${id}`, { as, body, query: { atime: await atime() } });
}

describe('tests CRUD', () => {
  it('lists the demo test, creates with -1, updates, deletes, and keeps revisions', async () => {
    const list = await t.call('GET', '/v1/tests', { as: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { name: string }) => x.name)).toEqual(['order_pizza']);

    const created = await save(-1, { name: 'new_test_1', steps: [{ input: 'hello', reactions: ['greeting'] }] });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(id).toBeGreaterThan(0);
    const stored = (await t.call('GET', '/v1/tests', { as: admin })).json().find((x: { id: number }) => x.id === id);
    expect(stored).toEqual({
      id,
      name: 'new_test_1',
      steps: [{ input: 'hello', reactions: ['greeting'], condition: '', actions: [] }],
    });

    const updated = await save(id, { name: 'greets', steps: [{ input: 'hi', reactions: [1], actions: ['utter'] }] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id });

    const removed = await t.call('DELETE', `/v1/tests/${id}`, { as: admin, query: { atime: await atime() } });
    expect(removed.statusCode).toBe(200);
    expect((await t.call('GET', '/v1/tests', { as: admin })).json()).toHaveLength(1);
    const revisions = await t.db
      .selectFrom('revisions')
      .select(['deleted'])
      .where('resource', '=', '/tests')
      .where('item_id', '=', String(id))
      .execute();
    expect(revisions.map((r) => r.deleted)).toEqual([false, false, true]);
  });

  it('refuses a duplicate name (any case), an empty step input and an expression that does not parse', async () => {
    const duplicate = await save(-1, { name: 'ORDER_pizza', steps: [] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe(DUPLICIT_TEST_NAME);
    const emptyStep = await save(-1, { name: 'x', steps: [{ input: '   ' }] });
    expect(emptyStep.statusCode).toBe(400);
    expect(emptyStep.json().message).toContain(STEP_INPUT_EMPTY);
    const badExpression = await save(-1, { name: 'y', steps: [{ input: 'hi', condition: 'intent ==' }] });
    expect(badExpression.statusCode).toBe(400);
    expect(badExpression.json().message).toMatch(/^Step 1: the test expression does not parse/);
    const missingAtime = await t.call('PUT', '/v1/tests/-1', { as: admin, body: { name: 'z', steps: [] } });
    expect(missingAtime.statusCode).toBe(428);
  });

  it('answers 404 for another project’s test and 402 without the permission', async () => {
    const other = await t.db
      .insertInto('projects')
      .values({ name: 'Other', language: 'en', company_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await t.db
      .insertInto('tests')
      .values({ project_id: other.id, name: 'foreign', steps: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await save(foreign.id, { name: 'mine', steps: [] })).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/run/test/${foreign.id}`, { as: admin })).statusCode).toBe(404);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/tests', { as: viewer })).statusCode).toBe(200);
    expect((await save(-1, { name: 'v', steps: [] }, viewer)).statusCode).toBe(402);
  });
});
