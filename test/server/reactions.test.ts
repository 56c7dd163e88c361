import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reaction } from '../../src/api/contract/reactions.ts';
import { renameIntentInReactions } from '../../server/features/dialogue/reactions.ts';
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

async function load(path = '/v1/reactions') {
  const res = await t.call('GET', path, { as: admin });
  expect(res.statusCode, res.body).toBe(200);
  return { list: res.json(), atime: res.headers['x-atime'] as string };
}

describe('reactions', () => {
  it('serves the demo dialogue and saves the whole list with a new atime and revisions', async () => {
    const { list, atime } = await load();
    expect(list.map((r: Reaction) => r.name)).toContain('order_confirmed');
    const changed = list.map((r: Reaction) => (r.name === 'thanks' ? { ...r, priority: 5 } : r));
    const saved = await t.call('PUT', '/v1/reactions', { as: admin, body: changed, query: { atime } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Number(saved.headers['x-atime'])).toBeGreaterThan(Number(atime));
    const thanks = saved.json().find((r: Reaction) => r.name === 'thanks');
    expect(thanks.priority).toBe(5);
    const revision = await t.db
      .selectFrom('revisions')
      .select('time')
      .where('resource', '=', '/reactions')
      .where('item_id', '=', String(thanks.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(revision.time).toBe(Number(saved.headers['x-atime']));
    // The list as it was before the save, by mtime.
    const before = await t.call('GET', '/v1/reactions', { as: admin, query: { mtime: Number(atime) } });
    expect(before.json().find((r: Reaction) => r.name === 'thanks').priority).toBe(0);
    // A stale atime loses: 409, nothing written.
    const stale = await t.call('PUT', '/v1/reactions', { as: admin, body: list, query: { atime } });
    expect(stale.statusCode).toBe(409);
    expect((await t.call('PUT', '/v1/reactions', { as: admin, body: list })).statusCode).toBe(428);
  });

  it.each([
    [{ condition: 'variables.x ==' }, /Reaction bad: the condition does not parse/],
    [{ intents: ['no such intent'] }, /Reaction bad: intent no such intent does not exist/],
    [{ reactions_scopes_id: 99999 }, /Reaction bad: reaction scope 99999 does not exist/],
    [{ actions: [{ name: 'teleport', args: {} }] }, /Reaction bad: action teleport does not exist/],
    [
      { actions: [{ name: 'timeout', args: { seconds: 5, reaction: 'nowhere' } }] },
      /Reaction bad: timeout names an unknown reaction nowhere/,
    ],
    [
      { actions: [{ name: 'change_scope', args: { scope: 'nowhere' } }] },
      /Reaction bad: change_scope names an unknown scope/,
    ],
    [
      { actions: [{ name: 'call_transfer', args: { project_id: 4242 } }] },
      /Reaction bad: call_transfer names an unknown project/,
    ],
  ])('refuses %j with a message naming the reaction', async (fields, message) => {
    const { atime } = await load();
    const res = await t.call('PUT', '/v1/reaction/-1', {
      as: admin,
      body: { name: 'bad', intents: ['greeting'], ...fields },
      query: { atime },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('creates, updates and deletes one reaction; other projects ids are 404', async () => {
    let { atime } = await load();
    const created = await t.call('PUT', '/v1/reaction/-1', {
      as: admin,
      body: {
        name: 'weather',
        intents: ['help'],
        condition: 'confidence > 0.5',
        actions: [{ name: 'utter', args: { text: 'Sunny' } }],
      },
      query: { atime },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    atime = created.headers['x-atime'] as string;
    const del = await t.call('DELETE', `/v1/reaction/${id}`, { as: admin, query: { atime } });
    expect(del.statusCode).toBe(200);
    atime = del.headers['x-atime'] as string;
    expect((await t.call('DELETE', `/v1/reaction/${id}`, { as: admin, query: { atime } })).statusCode).toBe(404);
  });

  it('needs the reactions grant: a viewer reads, cannot write', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/reactions', { as: viewer })).statusCode).toBe(200);
    const { list, atime } = await load();
    expect((await t.call('PUT', '/v1/reactions', { as: viewer, body: list, query: { atime } })).statusCode).toBe(402);
  });

  it('renaming an intent updates the reactions that list it and moves their atime', async () => {
    const { atime } = await load();
    const changed = await t.db.transaction().execute((trx) => renameIntentInReactions(trx, 1, 'order', 'place order'));
    expect(changed).toBe(1);
    const { list, atime: after } = await load();
    expect(list.find((r: Reaction) => r.name === 'order').intents).toEqual(['place order']);
    expect(Number(after)).toBeGreaterThan(Number(atime));
  });
});

describe('reaction scopes and actions', () => {
  it('refuses to delete a scope a reaction uses, and renames change_scope references with the scope', async () => {
    const { list, atime } = await load('/v1/reaction-scopes');
    expect(list).toEqual([{ id: expect.any(Number), name: 'ordering' }]);
    const gone = await t.call('PUT', '/v1/reaction-scopes', { as: admin, body: [], query: { atime } });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toMatch(/ordering is used by reaction/);
    const renamed = await t.call('PUT', '/v1/reaction-scopes', {
      as: admin,
      body: [{ id: list[0].id, name: 'checkout' }],
      query: { atime },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const order = (await load()).list.find((r: Reaction) => r.name === 'order');
    expect(order.actions.find((a: { name: string }) => a.name === 'change_scope').args.scope).toBe('checkout');
  });

  it('saves webhook actions, serves the catalogue, and protects an action a reaction names', async () => {
    const catalogue = await t.call('GET', '/v1/actions/catalogue', { as: admin });
    expect(catalogue.json().builtin.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['utter', 'buttons', 'date_picker', 'timeout', 'call_transfer', 'webhook']),
    );
    const { atime } = await load('/v1/actions');
    const bad = await t.call('PUT', '/v1/actions', {
      as: admin,
      body: [{ name: 'x', url: 'javascript:alert(1)' }],
      query: { atime },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await t.call('PUT', '/v1/actions', {
      as: admin,
      body: [
        {
          name: 'crm',
          url: 'https://crm.example.com/hook',
          method: 'POST',
          headers: { 'X-Key': 'k' },
          timeout_ms: 2000,
        },
      ],
      query: { atime },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reactionsNow = await load();
    const withHook = await t.call('PUT', '/v1/reaction/-1', {
      as: admin,
      body: { name: 'crm_lookup', intents: ['order status'], actions: [{ name: 'webhook', args: { action: 'crm' } }] },
      query: { atime: reactionsNow.atime },
    });
    expect(withHook.statusCode, withHook.body).toBe(200);
    const removal = await t.call('PUT', '/v1/actions', {
      as: admin,
      body: [],
      query: { atime: saved.headers['x-atime'] as string },
    });
    expect(removal.statusCode).toBe(400);
    expect(removal.json().message).toMatch(/crm is used by reaction crm_lookup/);
  });
});
