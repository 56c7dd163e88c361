// QUALITY "Mass assignment": hostile extra fields never reach a stored row; arrays and wrong types for scalars are 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: Caller;
let victim: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
  victim = await t.createUser({ roleId: 3 });
});
afterAll(() => t.close());

const HOSTILE = {
  id: 1,
  project_id: 2,
  role: 1,
  role_id: 1,
  owner: 1,
  owner_id: 1,
  atime: 1,
  company_id: 999,
  system_role_id: 1,
  password_expired: false,
  passwd_hash: 'attacker-hash',
  otp_secret: 'AAAA',
  is_active: true,
  deleted_at: null,
  permissions: [1, 2, 3],
};

async function send(method: 'PUT', url: string, body: unknown, resource: string) {
  const seen = String((await t.call('GET', resource, { as: admin })).headers['x-atime']);
  return t.call(method, url, {
    as: admin,
    body: JSON.stringify(body),
    query: { atime: seen },
    headers: { 'content-type': 'application/json' },
  });
}
const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const assignments = (id: number) =>
  t.db.selectFrom('user_projects').selectAll().where('user_id', '=', id).orderBy('project_id').execute();

describe('users', () => {
  it('an update takes name, email and active only', async () => {
    const before = await userRow(victim.userId);
    const beforeAssignments = await assignments(victim.userId);
    const res = await send(
      'PUT',
      `/v1/users/${victim.userId}`,
      { ...HOSTILE, name: 'Renamed', email: 'renamed@example.com' },
      '/v1/users',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: victim.userId });
    const after = await userRow(victim.userId);
    expect(after).toEqual({ ...before, name: 'Renamed', email: 'renamed@example.com' });
    expect(await assignments(victim.userId)).toEqual(beforeAssignments);
  });

  it('a created user belongs to the caller’s company, holds nothing and must change the password', async () => {
    const res = await send(
      'PUT',
      '/v1/users/-1',
      { ...HOSTILE, name: 'Fresh', email: 'fresh@example.com' },
      '/v1/users',
    );
    expect(res.statusCode).toBe(200);
    const row = await userRow(res.json().id);
    expect(row).toMatchObject({
      company_id: 1,
      system_role_id: null,
      password_expired: true,
      otp_secret: null,
      deleted_at: null,
    });
    expect(row.passwd_hash).not.toBe('attacker-hash');
    expect(row.id).not.toBe(1);
    expect(await assignments(row.id)).toEqual([]);
  });

  it('__proto__ and constructor keys are refused, never merged', async () => {
    const before = await userRow(victim.userId);
    for (const hostile of ['"__proto__":{"system_role_id":1}', '"constructor":{"prototype":{"system_role_id":1}}']) {
      const seen = String((await t.call('GET', '/v1/users', { as: admin })).headers['x-atime']);
      const res = await t.call('PUT', `/v1/users/${victim.userId}`, {
        as: admin,
        body: `{${hostile},"name":"Changed","email":"${before.email}"}`,
        query: { atime: seen },
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, hostile).toBe(400);
    }
    expect(await userRow(victim.userId)).toEqual(before);
  });

  it('arrays, objects and wrong types for scalars are 400 and change nothing', async () => {
    const before = await userRow(victim.userId);
    const bodies = [
      { name: ['X'], email: 'x@example.com' },
      { name: 'X', email: ['x@example.com'] },
      { name: { $ne: '' }, email: 'x@example.com' },
      { name: 'X', email: 'x@example.com', active: 'yes' },
      { name: 'X', email: 'x@example.com', active: [true] },
      { name: 42, email: 'x@example.com' },
      ['name', 'X'],
      'plain text',
    ];
    for (const body of bodies) {
      const res = await send('PUT', `/v1/users/${victim.userId}`, body, '/v1/users');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/^body/);
    }
    expect(await userRow(victim.userId)).toEqual(before);
  });
});

describe('roles and members', () => {
  it('a rename changes the name only', async () => {
    const before = (await t.call('GET', '/v1/roles', { as: admin })).json();
    const res = await send('PUT', '/v1/roles/3', { ...HOSTILE, name: 'Observer' }, '/v1/roles');
    expect(res.statusCode).toBe(200);
    const after = (await t.call('GET', '/v1/roles', { as: admin })).json();
    expect(after).toEqual(before.map((r: { id: number }) => (r.id === 3 ? { ...r, name: 'Observer' } : r)));
  });

  it('the permission matrix ignores extra fields and refuses strings for ids', async () => {
    const before = await t.db.selectFrom('roles').selectAll().orderBy('id').execute();
    const ok = await send(
      'PUT',
      '/v1/roles/permissions',
      [{ ...HOSTILE, id: 3, permissions: [], name: 'Hacked' }],
      '/v1/roles',
    );
    expect(ok.statusCode).toBe(200);
    expect(await t.db.selectFrom('roles').selectAll().orderBy('id').execute()).toEqual(before);
    for (const body of [
      [{ id: '3', permissions: [] }],
      [{ id: 3, permissions: '1' }],
      [{ id: 3, permissions: [['1']] }],
      { id: 3, permissions: [] },
    ]) {
      expect((await send('PUT', '/v1/roles/permissions', body, '/v1/roles')).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
  });

  it('members: extra fields do not move anyone to another project; wrong types are 400', async () => {
    const other = await t.db
      .insertInto('projects')
      .values({ name: 'Other', company_id: 1, language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const current = (await t.call('GET', '/v1/users/projects', { as: admin })).json()[0].users;
    const users = current.map((u: { user_id: number; role_id: number }) => ({
      ...u,
      project_id: other.id,
      company_id: 99,
    }));
    const res = await send(
      'PUT',
      '/v1/users/projects',
      [{ project_id: 1, users, owner: admin.userId, role_id: 1 }],
      '/v1/users/projects',
    );
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('user_projects').selectAll().where('project_id', '=', other.id).execute()).toEqual([]);
    for (const bad of [
      { user_id: [victim.userId], role_id: 2 },
      { user_id: victim.userId, role_id: [1] },
      { user_id: victim.userId, role_id: '1' },
    ]) {
      const r = await send('PUT', '/v1/users/projects', [{ project_id: 1, users: [bad] }], '/v1/users/projects');
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await assignments(victim.userId)).toEqual([{ user_id: victim.userId, project_id: 1, role_id: 3 }]);
  });
});
