import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const atimeOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-atime']);

describe('revisions and history', () => {
  it('answers settings as they were at a time, and labels as they were, deletions included', async () => {
    const first = await t.call('GET', '/v1/settings', { as: admin });
    const t0 =
      Number(atimeOf(first)) ||
      Number((await t.db.selectFrom('revisions').select('time').executeTakeFirstOrThrow()).time);
    const put1 = await t.call('PUT', '/v1/settings', {
      as: admin,
      body: { name: 'Version one' },
      query: { atime: atimeOf(first) },
    });
    const t1 = Number(atimeOf(put1));
    const put2 = await t.call('PUT', '/v1/settings', {
      as: admin,
      body: { name: 'Version two' },
      query: { atime: atimeOf(put1) },
    });
    const t2 = Number(atimeOf(put2));
    expect(t2).toBeGreaterThan(t1);

    const at = async (mtime: number) =>
      (await t.call('GET', '/v1/settings', { as: admin, query: { mtime } })).json().name;
    expect(await at(t1)).toBe('Version one');
    expect(await at(t2 - 1)).toBe('Version one');
    expect(await at(t2)).toBe('Version two');
    expect(await at(t0 > 0 ? t0 : t1 - 1)).not.toBe('Version two');
    const before = await t.call('GET', '/v1/settings', { as: admin, query: { mtime: 1 } });
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe('No settings at that time.');

    // Labels: create two, rename one, delete one; then look back.
    const labels = await t.call('GET', '/v1/labels', { as: admin });
    expect(labels.json()).toEqual([]);
    const a = await t.call('PUT', '/v1/labels/-1', {
      as: admin,
      body: { name: 'VIP', color: 'red' },
      query: { atime: atimeOf(labels) },
    });
    const b = await t.call('PUT', '/v1/labels/-1', {
      as: admin,
      body: { name: 'Spam', color: '#00ff00' },
      query: { atime: atimeOf(a) },
    });
    const tCreated = Number(atimeOf(b));
    const dup = await t.call('PUT', '/v1/labels/-1', {
      as: admin,
      body: { name: ' vip ', color: 'red' },
      query: { atime: atimeOf(b) },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('Duplicit label name');
    const renamed = await t.call('PUT', `/v1/labels/${a.json().id}`, {
      as: admin,
      body: { name: 'Gold', color: 'yellow' },
      query: { atime: atimeOf(b) },
    });
    expect(renamed.statusCode).toBe(200);
    const deleted = await t.call('DELETE', `/v1/labels/${b.json().id}`, {
      as: admin,
      query: { atime: atimeOf(renamed) },
    });
    expect(deleted.statusCode).toBe(200);
    const tDeleted = Number(atimeOf(deleted));

    const now = await t.call('GET', '/v1/labels', { as: admin });
    expect(now.json()).toEqual([{ id: a.json().id, name: 'Gold', color: 'yellow' }]);
    const then = await t.call('GET', '/v1/labels', { as: admin, query: { mtime: tCreated } });
    expect(then.json()).toEqual([
      { id: a.json().id, name: 'VIP', color: 'red' },
      { id: b.json().id, name: 'Spam', color: '#00ff00' },
    ]);

    const audit = await t.call('GET', '/v1/audit/deleted', { as: admin, query: { mtime: tCreated } });
    expect(audit.statusCode).toBe(200);
    expect(audit.json()).toEqual([
      {
        resource: '/labels',
        item_id: String(b.json().id),
        name: 'Spam',
        time: tDeleted,
        user_id: admin.userId,
        user_name: 'Administrator',
      },
    ]);
    expect((await t.call('GET', '/v1/audit/deleted', { as: admin, query: { mtime: tDeleted } })).json()).toEqual([]);
    expect((await t.call('GET', '/v1/audit/deleted', { as: admin })).statusCode).toBe(400);

    // Every write went with exactly one revision in the same transaction.
    const revisions = await t.db
      .selectFrom('revisions')
      .select(['resource', 'time'])
      .where('project_id', '=', 1)
      .execute();
    expect(revisions.filter((r) => r.resource === '/labels')).toHaveLength(4);
    expect(revisions.filter((r) => r.resource === '/settings' && r.time >= t1)).toHaveLength(2);
  });

  it('keeps labels per project: another project ids answer 404 and nothing changes', async () => {
    const other = await t.call('POST', '/v1/projects', { as: admin, body: { name: 'Other' } });
    const otherId = other.json().project_id;
    const list = await t.call('GET', '/v1/labels', { as: admin, query: { project_id: otherId } });
    const made = await t.call('PUT', '/v1/labels/-1', {
      as: admin,
      body: { name: 'Theirs', color: 'blue' },
      query: { project_id: otherId, atime: atimeOf(list) },
    });
    const id = made.json().id;
    const mine = await t.call('GET', '/v1/labels', { as: admin });
    for (const [method, body] of [
      ['PUT', { name: 'Hijack', color: 'red' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/v1/labels/${id}`, { as: admin, body, query: { atime: atimeOf(mine) } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Label not found.');
    }
    const theirs = await t.call('GET', '/v1/labels', { as: admin, query: { project_id: otherId } });
    expect(theirs.json()).toEqual([{ id, name: 'Theirs', color: 'blue' }]);
  });
});
