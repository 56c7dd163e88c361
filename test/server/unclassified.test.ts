import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { templateHeldBy } from '../../src/api/contract/intents.ts';
import { NO_CLASS } from '../../src/api/contract/unclassified.ts';
import { countUnclassified } from '../../server/features/unclassified/unclassified.ts';
import type { Caller, TestApp } from './helpers/test-app.ts';
import { createTestApp } from './helpers/test-app.ts';
import { expectMessage, intentByName, withOwnConnections, write } from './language-model-fixtures.ts';

let t: TestApp;
let admin: Caller;
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterEach(async () => {
  await t.close();
});

type Item = { id: number; intent: string; counter: number; conversations_ids: string[]; class: string | null };
const page = async (query: Record<string, string | number> = {}) =>
  (await t.call('GET', '/v1/intents/unclassified', { as: admin, query })).json() as { items: Item[]; total: number };

describe('unclassified intents (fallbacks)', () => {
  it('counts phrases below the threshold per project, with their conversations, most issued first, paginated', async () => {
    await countUnclassified(t.db, 1, 'Do you deliver to Mars?', 'c1');
    await countUnclassified(t.db, 1, 'do you  deliver to mars?', 'c2');
    await countUnclassified(t.db, 1, 'do you deliver to mars?', 'c2');
    await countUnclassified(t.db, 1, 'what is the wifi password', null);
    await withOwnConnections(t, 10, (db) =>
      Promise.all(Array.from({ length: 20 }, (_, i) => countUnclassified(db, 1, `phrase ${i}`, `x${i}`))),
    );
    const first = await page({ limit: 2 });
    expect(first.total).toBe(22);
    expect(first.items[0]).toMatchObject({
      intent: 'Do you deliver to Mars?',
      counter: 3,
      conversations_ids: ['c1', 'c2'],
      class: null,
    });
    expect(first.items).toHaveLength(2);
    expect((await page({ offset: 20, limit: 10 })).items).toHaveLength(2);
    expect((await page({ search: 'wifi' })).items.map((i) => i.intent)).toEqual(['what is the wifi password']);
  });

  it('keeps the counter exact under concurrent conversations', async () => {
    await withOwnConnections(t, 10, (db) =>
      Promise.all(Array.from({ length: 30 }, (_, i) => countUnclassified(db, 1, 'same words', `c${i % 3}`))),
    );
    const [item] = (await page()).items;
    expect(item).toMatchObject({ counter: 30 });
    expect([...item!.conversations_ids].sort()).toEqual(['c0', 'c1', 'c2']);
  });

  it('mark-classified adds the phrase to the intent and removes the item; the same rules as templates', async () => {
    await countUnclassified(t.db, 1, 'can you deliver to my office please', 'c1');
    await countUnclassified(t.db, 1, 'hello', 'c1');
    const items = (await page()).items;
    const office = items.find((i) => i.intent.startsWith('can you'))!;
    const order = await intentByName(t, admin, 'order');
    const res = await write(t, admin, 'POST', `/v1/intents/${office.id}/mark-classified`, {
      body: { intent_id: order.id, template: 'deliver office' },
    });
    expect(res.statusCode).toBe(200);
    expect((await intentByName(t, admin, 'order')).templates).toContain('deliver office');
    expect((await page()).items.map((i) => i.id)).not.toContain(office.id);
    const hello = items.find((i) => i.intent === 'hello')!;
    const goodbye = await intentByName(t, admin, 'goodbye');
    expectMessage(
      await write(t, admin, 'POST', `/v1/intents/${hello.id}/mark-classified`, { body: { intent_id: goodbye.id } }),
      400,
      templateHeldBy('hello', 'greeting'),
    );
    expect((await page()).items.map((i) => i.id)).toContain(hello.id);
    // No intent: the item just leaves.
    expect(
      (await write(t, admin, 'POST', `/v1/intents/${hello.id}/mark-classified`, { body: { intent_id: null } }))
        .statusCode,
    ).toBe(200);
    expect((await page()).total).toBe(0);
  });

  it('undoes a classification: the fallback waits again as it was, the template and the kept test step go', async () => {
    await countUnclassified(t.db, 1, 'Where can I park my car?', 'c1');
    await countUnclassified(t.db, 1, 'where can i park my car?', 'c2');
    const [parking] = (await page()).items;
    const hours = await intentByName(t, admin, 'opening hours');
    const res = await write(t, admin, 'POST', `/v1/intents/${parking!.id}/mark-classified`, {
      body: { intent_id: hours.id, template: 'Where can I park my car?', keep_as_test: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { undo, test } = res.json();
    expect(undo).toEqual({
      intent: 'Where can I park my car?',
      counter: 2,
      conversations_ids: ['c1', 'c2'],
      class: null,
      intent_id: hours.id,
      template: 'Where can I park my car?',
      test_id: test.id,
    });
    expect((await intentByName(t, admin, 'opening hours')).templates).toContain('Where can I park my car?');
    const steps = async () =>
      ((await t.call('GET', '/v1/tests', { as: admin })).json() as { id: number; steps: { input: string }[] }[])
        .find((x) => x.id === test.id)
        ?.steps.map((s) => s.input);
    expect(await steps()).toContain('Where can I park my car?');
    expect((await page()).total).toBe(0);

    // A Viewer may not; the classifier may.
    const viewer = await t.createUser({ roleId: 3 });
    expect((await write(t, viewer, 'POST', '/v1/intents/unclassified/restore', { body: undo })).statusCode).toBe(402);
    const restored = await write(t, admin, 'POST', '/v1/intents/unclassified/restore', { body: undo });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await page()).items).toEqual([
      {
        id: restored.json().id,
        intent: 'Where can I park my car?',
        counter: 2,
        conversations_ids: ['c1', 'c2'],
        class: null,
      },
    ]);
    expect((await intentByName(t, admin, 'opening hours')).templates).not.toContain('Where can I park my car?');
    expect(await steps()).not.toContain('Where can I park my car?');

    // A dismissal undone: the fallback is back, nothing else to remove.
    const dismissed = await write(t, admin, 'POST', `/v1/intents/${restored.json().id}/mark-classified`, {
      body: { intent_id: null },
    });
    expect(dismissed.json().undo).toMatchObject({ intent_id: null, template: null, test_id: null });
    expect((await page()).total).toBe(0);
    await write(t, admin, 'POST', '/v1/intents/unclassified/restore', { body: dismissed.json().undo });
    expect((await page()).items.map((i) => i.intent)).toEqual(['Where can I park my car?']);
  });

  it('sets a class, "__don\'t want to specify__" clears it; 404 across projects; Viewer 402', async () => {
    await countUnclassified(t.db, 1, 'something odd', null);
    const [item] = (await page()).items;
    const set = (value: string | null) =>
      write(t, admin, 'POST', `/v1/intent/unclassified/${item!.id}`, {
        body: { class: value },
        resource: '/v1/intents/unclassified',
      });
    expect((await set('help')).statusCode).toBe(200);
    expect((await page()).items[0]!.class).toBe('help');
    expect((await set(NO_CLASS)).statusCode).toBe(200);
    expect((await page()).items[0]!.class).toBeNull();
    const other = (await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Other' } })).json()
      .project_id as number;
    const foreign = await t.call('POST', `/v1/intent/unclassified/${item!.id}`, {
      as: admin,
      body: { class: 'x' },
      query: { project_id: other, atime: Number.MAX_SAFE_INTEGER },
    });
    expect(foreign.statusCode).toBe(404);
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/intents/unclassified', { as: viewer })).statusCode).toBe(200);
    const denied = await t.call('POST', `/v1/intents/${item!.id}/mark-classified`, {
      as: viewer,
      body: { intent_id: null },
      query: { atime: 1 },
    });
    expect(denied.statusCode).toBe(402);
  });
});
