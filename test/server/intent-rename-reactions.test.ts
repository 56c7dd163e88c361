// Issue 5 acceptance: renaming an intent through the intents API (with its '[NEG]' twin, spec 2 §4 Polarity)
// rewrites the reactions that list it, and moves the reactions' atime so an open flow editor gets 409.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reaction } from '../../src/api/contract/reactions.ts';
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

async function reactions() {
  const res = await t.call('GET', '/v1/reactions', { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return { list: res.json() as Reaction[], atime: res.headers['x-atime'] as string };
}

describe('intent rename reaches the reactions', () => {
  it('PUT /intent/{id} renames the intent, its [NEG] twin and every reaction reference', async () => {
    const before = await reactions();
    // The demo's 'order' reaction lists 'order'; add its twin to a reaction so the twin's rename shows too.
    const withTwin = before.list.map((r) => (r.name === 'help' ? { ...r, intents: [...r.intents, 'order [NEG]'] } : r));
    const saved = await t.call('PUT', '/v1/reactions', { as: admin, body: withTwin, query: { atime: before.atime } });
    expect(saved.statusCode, saved.body).toBe(200);
    const reactionsAtime = saved.headers['x-atime'] as string;

    const intents = await t.call('GET', '/v1/intents', { as: admin });
    const order = (intents.json() as { id: number; name: string }[]).find((i) => i.name === 'order')!;
    const renamed = await t.call('PUT', `/v1/intent/${order.id}`, {
      as: admin,
      body: { name: 'place order' },
      query: { atime: intents.headers['x-atime'] as string },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const after = await reactions();
    const byName = new Map(after.list.map((r) => [r.name, r]));
    expect(byName.get('order')?.intents).toEqual(['place order']);
    expect(byName.get('help')?.intents).toEqual(['help', 'place order [NEG]']);
    expect(after.list.flatMap((r) => r.intents)).not.toContain('order');
    // The editor holding the old list cannot overwrite the rename.
    expect(Number(after.atime)).toBeGreaterThan(Number(reactionsAtime));
    const stale = await t.call('PUT', '/v1/reactions', { as: admin, body: withTwin, query: { atime: reactionsAtime } });
    expect(stale.statusCode).toBe(409);
    // And the renamed list saves as it is.
    const again = await t.call('PUT', '/v1/reactions', { as: admin, body: after.list, query: { atime: after.atime } });
    expect(again.statusCode, again.body).toBe(200);
  });
});
