import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_STEPS_MAX, type Test } from '../../src/api/contract/tests.ts';
import { reachesIntent } from '../../server/features/unclassified/triage-tests.ts';
import { countUnclassified } from '../../server/features/unclassified/unclassified.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { createTestApp } from './helpers/test-app.ts';
import { intentByName, write } from './language-model-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

type Item = { id: number; intent: string };
const fallbacks = async () =>
  ((await t.call('GET', '/v1/intents/unclassified', { as: admin })).json() as { items: Item[] }).items;
const tests = async (as: Caller = admin) => (await t.call('GET', '/v1/tests', { as })).json() as Test[];
const idOf = async (text: string) => (await fallbacks()).find((i) => i.intent === text)!.id;

/** A role holding every permission of the Editor except writing tests. */
async function classifierWithoutTests(): Promise<Caller> {
  const { id: roleId } = await t.db
    .insertInto('roles')
    .values({ name: 'Classifier' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const editor = await t.db
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select(['p.id', 'p.method', 'p.path'])
    .where('rp.role_id', '=', 2)
    .execute();
  const kept = editor.filter((p) => !(p.method === 'PUT' && p.path.startsWith('/tests')));
  expect(kept.length).toBeLessThan(editor.length);
  await t.db
    .insertInto('role_permissions')
    .values(kept.map((p) => ({ role_id: roleId, permission_id: p.id })))
    .execute();
  return t.createUser({ roleId });
}

describe('triage that writes tests', () => {
  it('keep as test: creates the test named after the intent, then extends it; the phrase must reach intent and reaction', async () => {
    await countUnclassified(t.db, 1, 'when do you open tomorrow', 'c1');
    await countUnclassified(t.db, 1, 'is the shop open on bank holidays', 'c2');
    const hours = await intentByName(t, admin, 'opening hours');
    const before = (await tests()).length;

    const first = await write(
      t,
      admin,
      'POST',
      `/v1/intents/${await idOf('when do you open tomorrow')}/mark-classified`,
      {
        body: { intent_id: hours.id, template: 'when do you open tomorrow', keep_as_test: true },
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().test).toMatchObject({ name: 'opening hours', steps_added: 1 });
    const second = await write(
      t,
      admin,
      'POST',
      `/v1/intents/${await idOf('is the shop open on bank holidays')}/mark-classified`,
      {
        body: { intent_id: hours.id, keep_as_test: true },
      },
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().test).toMatchObject({ id: first.json().test.id, name: 'opening hours', steps_added: 1 });

    const all = await tests();
    expect(all).toHaveLength(before + 1);
    const kept = all.find((x) => x.name === 'opening hours')!;
    expect(kept.steps).toEqual([
      {
        input: 'when do you open tomorrow',
        reactions: ['opening_hours'],
        condition: reachesIntent('opening hours'),
        actions: [],
      },
      {
        input: 'is the shop open on bank holidays',
        reactions: ['opening_hours'],
        condition: reachesIntent('opening hours'),
        actions: [],
      },
    ]);
    expect((await intentByName(t, admin, 'opening hours')).templates).toContain('is the shop open on bank holidays');
    // Without keep_as_test nothing is written to tests.
    await countUnclassified(t.db, 1, 'open at noon?', 'c3');
    await write(t, admin, 'POST', `/v1/intents/${await idOf('open at noon?')}/mark-classified`, {
      body: { intent_id: hours.id },
    });
    expect((await tests()).find((x) => x.name === 'opening hours')!.steps).toHaveLength(2);
  });

  it('bulk: several phrases, one class, one click; a full test continues in {intent}_1', async () => {
    for (const text of ['hi there friend', 'good morning bot', 'hey you']) await countUnclassified(t.db, 1, text, 'c');
    const greeting = await intentByName(t, admin, 'greeting');
    // A full test of that name: the new steps go to greeting_1.
    const full = await t.call('PUT', '/v1/tests/-1', {
      as: admin,
      body: {
        name: 'greeting',
        steps: Array.from({ length: TEST_STEPS_MAX }, (_, i) => ({ input: `hello ${i}` })),
      },
      query: { atime: (await t.call('GET', '/v1/tests', { as: admin })).headers['x-atime'] as string },
    });
    expect(full.statusCode, full.body).toBe(200);
    const ids = (await fallbacks()).map((i) => i.id);
    const res = await write(t, admin, 'POST', '/v1/intents/unclassified/classify', {
      body: { ids, intent_id: greeting.id, keep_as_test: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ classified: 3, test: { name: 'greeting_1', steps_added: 3 } });
    expect(await fallbacks()).toEqual([]);
    const next = (await tests()).find((x) => x.name === 'greeting_1')!;
    expect(next.steps.map((s) => s.input).sort()).toEqual(['good morning bot', 'hey you', 'hi there friend']);
    expect(next.steps[0]!.condition).toBe(reachesIntent('greeting'));
    expect((await intentByName(t, admin, 'greeting')).templates).toEqual(
      expect.arrayContaining(['hi there friend', 'good morning bot', 'hey you']),
    );
  });

  it('from the conversation logs: what a user said joins the intent as a test step; its waiting fallback goes', async () => {
    await countUnclassified(t.db, 1, 'Could I  get a  pizza delivered', 'c1');
    const order = await intentByName(t, admin, 'order');
    const res = await write(t, admin, 'POST', '/v1/intents/classify-phrases', {
      body: {
        phrases: ['could I get a pizza delivered', 'pizza to my door please'],
        intent_id: order.id,
        keep_as_test: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ classified: 2, test: { name: 'order', steps_added: 2 } });
    expect((await intentByName(t, admin, 'order')).templates).toEqual(
      expect.arrayContaining(['could I get a pizza delivered', 'pizza to my door please']),
    );
    expect(await fallbacks()).toEqual([]);
    const kept = (await tests()).find((x) => x.name === 'order')!;
    expect(kept.steps.map((s) => s.input)).toEqual(['could I get a pizza delivered', 'pizza to my door please']);
    expect(kept.steps[0]).toMatchObject({ reactions: ['order'], condition: reachesIntent('order') });
    // A phrase another intent holds is refused, naming it; nothing is written.
    const clash = await write(t, admin, 'POST', '/v1/intents/classify-phrases', {
      body: { phrases: ['hello'], intent_id: order.id, keep_as_test: true },
    });
    expect(clash.statusCode).toBe(400);
    expect((await tests()).find((x) => x.name === 'order')!.steps).toHaveLength(2);
  });

  it('bad input changes nothing; keeping a test needs the right to write tests', async () => {
    await countUnclassified(t.db, 1, 'where is my pizza', 'c1');
    const id = await idOf('where is my pizza');
    const before = await tests();
    const unknown = await write(t, admin, 'POST', '/v1/intents/unclassified/classify', {
      body: { ids: [id, 999999], intent_id: (await intentByName(t, admin, 'help')).id, keep_as_test: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await write(t, admin, 'POST', '/v1/intents/unclassified/classify', { body: { ids: [], intent_id: null } }))
        .statusCode,
    ).toBe(400);
    expect(await tests()).toEqual(before);
    expect((await fallbacks()).map((i) => i.id)).toEqual([id]);

    const classifier = await classifierWithoutTests();
    const help = await intentByName(t, admin, 'help');
    const refused = await write(t, classifier, 'POST', `/v1/intents/${id}/mark-classified`, {
      body: { intent_id: help.id, keep_as_test: true },
    });
    expect(refused.statusCode).toBe(402);
    expect((await fallbacks()).map((i) => i.id)).toEqual([id]);
    const plain = await write(t, classifier, 'POST', `/v1/intents/${id}/mark-classified`, {
      body: { intent_id: help.id },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().test).toBeNull();
  });
});
