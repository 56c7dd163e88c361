import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
});

const atimeOf = (res: { headers: Record<string, unknown> }) => String(res.headers['x-atime']);

describe('users log', () => {
  it('pages the last 2 months server-side, filters by user and text, newest first', async () => {
    await t.db.deleteFrom('users_logs').execute();
    const editor = await t.createUser({ roleId: 2, email: 'editor.logs@example.com' });
    await t.db.deleteFrom('users_logs').execute();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      user_id: i % 2 ? admin.userId : editor.userId,
      project_id: 1,
      action: `Action ${i}${i % 10 === 0 ? ' 100%_done' : ''}`,
    }));
    await t.db.insertInto('users_logs').values(rows).execute();
    await t.db
      .insertInto('users_logs')
      .values({
        user_id: admin.userId,
        project_id: 1,
        action: 'Ancient',
        created_at: sql<Date>`now() - interval '3 months'` as never,
      })
      .execute();

    const first = await t.call('GET', '/v1/users-logs', { as: admin, query: { page: 1, size: 50 } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 120, page: 1, size: 50 });
    expect(first.json().items).toHaveLength(50);
    expect(first.json().items[0]).toMatchObject({
      action: 'Action 119',
      email: 'admin@example.com',
      name: 'Administrator',
    });
    const third = await t.call('GET', '/v1/users-logs', { as: admin, query: { page: 3, size: 50 } });
    expect(third.json().items).toHaveLength(20);
    expect(third.json().items.at(-1).action).toBe('Action 0 100%_done');

    const byUser = await t.call('GET', '/v1/users-logs', { as: admin, query: { user: 'EDITOR.logs', size: 500 } });
    expect(byUser.json().total).toBe(60);
    const byText = await t.call('GET', '/v1/users-logs', { as: admin, query: { search: '100%_', size: 500 } });
    expect(byText.json().total).toBe(12);
    const literal = await t.call('GET', '/v1/users-logs', { as: admin, query: { search: '%', size: 500 } });
    expect(literal.json().total).toBe(12);

    expect((await t.call('GET', '/v1/users-logs', { as: admin, query: { size: 501 } })).statusCode).toBe(400);
    expect((await t.call('GET', '/v1/users-logs', { as: admin, query: { page: 0 } })).json().message).toContain(
      'page starts at 1.',
    );
    // An editor has no grant on the log.
    expect((await t.call('GET', '/v1/users-logs', { as: editor })).statusCode).toBe(402);
  });

  it('has no call that edits or deletes a line', async () => {
    for (const method of ['PUT', 'POST', 'DELETE'] as const) {
      for (const url of ['/v1/users-logs', '/v1/users-logs/1']) {
        const res = await t.call(method, url, {
          as: admin,
          body: method === 'DELETE' ? undefined : { action: 'forged' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('leaves exactly one line for every state-changing call of settings, labels, companies and platform', async () => {
    const count = async () =>
      Number(
        (await t.db.selectFrom('users_logs').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
      );
    const changes: Array<() => Promise<{ statusCode: number; headers: Record<string, unknown> }>> = [];
    const settings = await t.call('GET', '/v1/settings', { as: admin });
    const labels = await t.call('GET', '/v1/labels', { as: admin });
    const companies = await t.call('GET', '/v1/companies', { as: admin });
    const platform = await t.call('GET', '/v1/platform/settings', { as: admin });
    const users = await t.call('GET', '/v1/users', { as: admin });
    let labelId = 0;
    let companyId = 0;
    const atimes: Record<string, string> = {
      settings: atimeOf(settings),
      labels: atimeOf(labels),
      companies: atimeOf(companies),
      platform: atimeOf(platform),
      users: String(users.headers['x-atime'] ?? 0),
    };
    const step = (
      key: string,
      run: (
        atime: string,
      ) => Promise<{ statusCode: number; headers: Record<string, unknown>; json: () => { id?: number } }>,
    ) =>
      changes.push(async () => {
        const res = await run(atimes[key]!);
        if (res.statusCode === 200) atimes[key] = atimeOf(res);
        if (key === 'labels' && res.json().id) labelId = res.json().id!;
        if (key === 'companies' && res.json().id) companyId = res.json().id!;
        return res;
      });
    step('settings', (atime) =>
      t.call('PUT', '/v1/settings', { as: admin, body: { name: 'Audited' }, query: { atime } }),
    );
    step('settings', (atime) => t.call('PUT', '/v1/project/api-token', { as: admin, query: { atime } }));
    step('labels', (atime) =>
      t.call('PUT', '/v1/labels/-1', { as: admin, body: { name: 'A', color: 'red' }, query: { atime } }),
    );
    step('labels', (atime) =>
      t.call('PUT', `/v1/labels/${labelId}`, { as: admin, body: { name: 'B', color: 'red' }, query: { atime } }),
    );
    step('labels', (atime) => t.call('DELETE', `/v1/labels/${labelId}`, { as: admin, query: { atime } }));
    step('companies', (atime) =>
      t.call('PUT', '/v1/companies/-1', { as: admin, body: { name: 'Audit Co' }, query: { atime } }),
    );
    step('companies', (atime) =>
      t.call('PUT', `/v1/companies/${companyId}`, { as: admin, body: { name: 'Audit Co 2' }, query: { atime } }),
    );
    step('companies', (atime) => t.call('DELETE', `/v1/companies/${companyId}`, { as: admin, query: { atime } }));
    step('platform', (atime) =>
      t.call('PUT', '/v1/platform/settings', { as: admin, body: { require_otp: false }, query: { atime } }),
    );
    step('users', (atime) => t.call('POST', `/v1/users/${admin.userId}/otp-reset`, { as: admin, query: { atime } }));
    for (const change of changes) {
      const before = await count();
      const res = await change();
      expect(res.statusCode).toBe(200);
      expect(await count()).toBe(before + 1);
    }
    // A refused change (stale atime) leaves none.
    const before = await count();
    expect(
      (await t.call('PUT', '/v1/settings', { as: admin, body: { name: 'x' }, query: { atime: 1 } })).statusCode,
    ).toBe(409);
    expect(await count()).toBe(before);
  });
});
