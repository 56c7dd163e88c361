import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_USER_SELECTED, USER_ALREADY_ADDED } from '../../src/api/contract/users-admin.ts';
import { SEED_ADMIN_EMAIL } from '../../server/seed.ts';
import { EMAIL_TAKEN, USER_NOT_FOUND } from '../../server/features/users/users.ts';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, PASSWORD_NOT_NEW } from '../../src/api/contract/auth.ts';
import { type Caller, type TestApp, USER_PASSWORD, createTestApp } from './helpers/test-app.ts';
import { TEST_ADMIN_PASSWORD } from './helpers/test-database.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** The atime a screen would hold after loading `url`. */
async function atimeAfterGet(caller: Caller, url: string): Promise<string> {
  const res = await t.call('GET', url, { as: caller });
  expect(res.statusCode).toBe(200);
  return String(res.headers['x-atime']);
}

async function put(caller: Caller, url: string, body: unknown, resource = '/v1/users') {
  return t.call('PUT', url, { as: caller, body, query: { atime: await atimeAfterGet(caller, resource) } });
}

async function otherCompanyUser(): Promise<number> {
  const company = await t.db
    .insertInto('companies')
    .values({ name: 'Other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('users')
    .values({
      company_id: company.id,
      name: 'Stranger',
      email: 'stranger@other.example',
      passwd_hash: 'x',
      password_expired: false,
      password_changed_at: new Date(),
      system_role_id: null,
      otp_secret: null,
      otp_last_step: null,
      is_active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const logActions = async () =>
  (await t.db.selectFrom('users_logs').select('action').orderBy('id').execute()).map((r) => r.action);

describe('GET /v1/users', () => {
  it('lists users with their project roles and nothing secret', async () => {
    const admin = await t.admin();
    const res = await t.call('GET', '/v1/users', { as: admin });
    expect(res.statusCode).toBe(200);
    const me = res.json().find((u: { email: string }) => u.email === SEED_ADMIN_EMAIL);
    expect(me).toMatchObject({ name: 'Administrator', active: true, projects: [{ project_id: 1, role_id: 1 }] });
    expect(res.body).not.toMatch(/passwd|argon|otp_secret/);
    expect(res.headers['x-atime']).toBeDefined();
  });

  it('shows only the own company to a project administrator, everyone to a system grant', async () => {
    const stranger = await otherCompanyUser();
    const projectAdmin = await t.createUser({ roleId: 1 });
    const own = (await t.call('GET', '/v1/users', { as: projectAdmin })).json() as Array<{ id: number }>;
    expect(own.map((u) => u.id)).not.toContain(stranger);
    const all = (await t.call('GET', '/v1/users', { as: await t.admin() })).json() as Array<{ id: number }>;
    expect(all.map((u) => u.id)).toContain(stranger);
  });

  it('answers 402 to a role without the grant', async () => {
    const viewer = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/users', { as: viewer })).statusCode).toBe(402);
  });
});

describe('PUT /v1/users/{id}', () => {
  it('creates a user with a one-off, expired password returned once', async () => {
    const admin = await t.admin();
    const res = await put(admin, '/v1/users/-1', { name: 'New Person', email: 'New@Example.com' });
    expect(res.statusCode).toBe(200);
    const { id, password } = res.json();
    expect(password).toMatch(/^[\w-]{16}$/);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'new@example.com',
      password_expired: true,
      company_id: 1,
      system_role_id: null,
      is_active: true,
    });
    expect(row.passwd_hash).not.toContain(password);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'new@example.com', passwd: password },
    });
    expect(login.json().user.password_expired).toBe(true);
    const listed = (await t.call('GET', '/v1/users', { as: admin })).json() as Array<Record<string, unknown>>;
    expect(JSON.stringify(listed)).not.toContain(password);
    expect(await logActions()).toContain('Created user new@example.com');
  });

  it('creates a user with a role in a project in the same call (issue 34)', async () => {
    const admin = await t.admin();
    const res = await put(admin, '/v1/users/-1', {
      name: 'Role Holder',
      email: 'holder@example.com',
      project: { project_id: 1, role_id: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    const members = (await t.call('GET', '/v1/users/projects', { as: admin })).json() as Array<{
      project_id: number;
      users: Array<{ user_id: number; role_id: number }>;
    }>;
    expect(members.find((p) => p.project_id === 1)?.users).toContainEqual({ user_id: id, role_id: 3 });
    expect((await logActions()).some((a) => /^Created user holder@example\.com with a role in /.test(a))).toBe(true);
  });

  it('refuses a role it may not give and leaves no half-created user behind', async () => {
    const admin = await t.admin();
    const elsewhere = (
      await t.db
        .insertInto('projects')
        .values({ name: 'Elsewhere', company_id: 1, language: 'en' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const projectAdmin = await t.createUser({ roleId: 1 });
    const foreign = await put(projectAdmin, '/v1/users/-1', {
      name: 'Half',
      email: 'half@example.com',
      project: { project_id: elsewhere, role_id: 2 },
    });
    expect(foreign.statusCode).toBe(404);
    const unknownRole = await put(admin, '/v1/users/-1', {
      name: 'Half',
      email: 'half@example.com',
      project: { project_id: 1, role_id: 99999 },
    });
    expect([unknownRole.statusCode, unknownRole.json().message]).toEqual([400, 'Unknown role.']);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', 'half@example.com').execute();
    expect(rows).toEqual([]);
    const onUpdate = await put(admin, `/v1/users/${projectAdmin.userId}`, {
      name: 'X',
      email: 'x@example.com',
      project: { project_id: 1, role_id: 2 },
    });
    expect(onUpdate.statusCode).toBe(400);
  });

  it('updates name, email and active; deactivating ends the sessions', async () => {
    const admin = await t.admin();
    const other = await t.createUser({ roleId: 2 });
    const res = await put(admin, `/v1/users/${other.userId}`, {
      name: 'Renamed',
      email: 'renamed@example.com',
      active: false,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', other.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Renamed', email: 'renamed@example.com', is_active: false });
    expect((await t.call('GET', '/v1/users/me', { as: other })).statusCode).toBe(401);
  });

  it('refuses a taken email, an empty name, deactivating oneself', async () => {
    const admin = await t.admin();
    const dup = await put(admin, '/v1/users/-1', { name: 'X', email: SEED_ADMIN_EMAIL.toUpperCase() });
    expect([dup.statusCode, dup.json().message]).toEqual([400, EMAIL_TAKEN]);
    const empty = await put(admin, '/v1/users/-1', { name: '  ', email: 'a@example.com' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'body.name: Name cannot be empty']);
    const self = await put(admin, `/v1/users/${admin.userId}`, { name: 'A', email: SEED_ADMIN_EMAIL, active: false });
    expect(self.statusCode).toBe(400);
  });

  it('answers 428 without atime and 409 with a stale one', async () => {
    const admin = await t.admin();
    const noAtime = await t.call('PUT', '/v1/users/-1', { as: admin, body: { name: 'A', email: 'a@example.com' } });
    expect(noAtime.statusCode).toBe(428);
    const seen = await atimeAfterGet(admin, '/v1/users');
    const first = await t.call('PUT', '/v1/users/-1', {
      as: admin,
      body: { name: 'A', email: 'a@example.com' },
      query: { atime: seen },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.call('PUT', '/v1/users/-1', {
      as: admin,
      body: { name: 'B', email: 'b@example.com' },
      query: { atime: seen },
    });
    expect([second.statusCode, second.json().message]).toEqual([409, 'Conflict! Data not saved.']);
  });

  it('keeps a project administrator away from platform administrators and other companies', async () => {
    const projectAdmin = await t.createUser({ roleId: 1 });
    const stranger = await otherCompanyUser();
    const adminRow = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', SEED_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const escalate = await put(projectAdmin, `/v1/users/${adminRow.id}`, { name: 'Mine', email: 'mine@example.com' });
    expect(escalate.statusCode).toBe(402);
    const reset = await t.call('POST', `/v1/users/reset/${adminRow.id}`, {
      as: projectAdmin,
      query: { atime: await atimeAfterGet(projectAdmin, '/v1/users') },
    });
    expect(reset.statusCode).toBe(402);
    const foreign = await put(projectAdmin, `/v1/users/${stranger}`, { name: 'Mine', email: 'mine@example.com' });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, USER_NOT_FOUND]);
  });
});

describe('DELETE /v1/users/{id} and POST /v1/users/reset/{id}', () => {
  it('deletes: gone from lists and projects, sessions ended, log keeps the author', async () => {
    const admin = await t.admin();
    const other = await t.createUser({ roleId: 2 });
    const seen = await atimeAfterGet(admin, '/v1/users');
    const res = await t.call('DELETE', `/v1/users/${other.userId}`, { as: admin, query: { atime: seen } });
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { as: other })).statusCode).toBe(401);
    const listed = (await t.call('GET', '/v1/users', { as: admin })).json() as Array<{ id: number }>;
    expect(listed.map((u) => u.id)).not.toContain(other.userId);
    const members = (await t.call('GET', '/v1/users/projects', { as: admin })).json();
    expect(JSON.stringify(members)).not.toContain(`"user_id":${other.userId}`);
    const again = await t.call('DELETE', `/v1/users/${other.userId}`, {
      as: admin,
      query: { atime: await atimeAfterGet(admin, '/v1/users') },
    });
    expect([again.statusCode, again.json().message]).toEqual([404, USER_NOT_FOUND]);
    expect((await logActions()).some((a) => a.startsWith('Deleted user user'))).toBe(true);
  });

  it('resets: a new expired one-off password, every session of the user ended', async () => {
    const admin = await t.admin();
    const other = await t.createUser({ roleId: 2 });
    const seen = await atimeAfterGet(admin, '/v1/users');
    const res = await t.call('POST', `/v1/users/reset/${other.userId}`, { as: admin, query: { atime: seen } });
    expect(res.statusCode).toBe(200);
    const { password } = res.json();
    expect(password).toMatch(/^[\w-]{16}$/);
    expect((await t.call('GET', '/v1/users/me', { as: other })).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'password_expired'])
      .where('id', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect(row.password_expired).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: row.email, passwd: password },
    });
    expect(login.statusCode).toBe(200);
    expect((await logActions()).at(-2)).toBe(`Reset password of ${row.email}`);
  });
});

describe('GET/PUT /v1/users/projects', () => {
  it('lists members per project and replaces them; role defaults to 2', async () => {
    const admin = await t.admin();
    const other = await t.createUser({});
    const before = (await t.call('GET', '/v1/users/projects', { as: admin })).json();
    expect(before[0]).toMatchObject({ project_id: 1, project_name: 'Demo bot' });
    const users = [...before[0].users, { user_id: other.userId }];
    const res = await put(admin, '/v1/users/projects', [{ project_id: 1, users }], '/v1/users/projects');
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('user_projects')
      .selectAll()
      .where('user_id', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ project_id: 1, role_id: 2 });
    expect((await logActions()).at(-1)).toBe('Changed project members: Demo bot (+1 −0 ~0)');
  });

  it("validates with the screen's texts", async () => {
    const admin = await t.admin();
    const noUser = await put(
      admin,
      '/v1/users/projects',
      [{ project_id: 1, users: [{ user_id: null, role_id: 2 }] }],
      '/v1/users/projects',
    );
    expect([noUser.statusCode, noUser.json().message]).toEqual([400, NO_USER_SELECTED]);
    const twice = await put(
      admin,
      '/v1/users/projects',
      [
        {
          project_id: 1,
          users: [
            { user_id: admin.userId, role_id: 1 },
            { user_id: admin.userId, role_id: 2 },
          ],
        },
      ],
      '/v1/users/projects',
    );
    expect([twice.statusCode, twice.json().message]).toEqual([400, USER_ALREADY_ADDED]);
  });

  it("removing a user's role ends their sessions", async () => {
    const admin = await t.admin();
    const member = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/users/me', { as: member })).statusCode).toBe(200);
    const res = await put(
      admin,
      '/v1/users/projects',
      [{ project_id: 1, users: [{ user_id: admin.userId, role_id: 1 }] }],
      '/v1/users/projects',
    );
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { as: member })).statusCode).toBe(401);
  });

  it('refuses projects the caller is not in (404) and a role without the grant (402)', async () => {
    const admin = await t.admin();
    const other = await t.db
      .insertInto('projects')
      .values({ name: 'Elsewhere', company_id: 1, language: 'en' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const projectAdmin = await t.createUser({ roleId: 1 });
    const res = await put(
      projectAdmin,
      '/v1/users/projects',
      [{ project_id: other.id, users: [] }],
      '/v1/users/projects',
    );
    expect([res.statusCode, res.json().message]).toEqual([404, 'Project not found.']);
    const missing = await put(admin, '/v1/users/projects', [{ project_id: 999_999, users: [] }], '/v1/users/projects');
    expect(missing.body).toBe(res.body);
  });
});

describe('PUT /v1/users/change-my-passwd (own password, issue 34)', () => {
  const change = (caller: Caller, body: Record<string, string>) =>
    t.call('PUT', '/v1/users/change-my-passwd', { as: caller, body });
  const refusal = async (caller: Caller, body: Record<string, string>) => {
    const res = await change(caller, body);
    return [res.statusCode, res.json().message];
  };

  it('asks for the right current password and refuses it as the new one', async () => {
    const user = await t.createUser({ roleId: 3 });
    const next = 'Fresh-Long-Passphrase-81';
    expect(await refusal(user, { passwd: next })).toEqual([400, CURRENT_PASSWORD_REQUIRED]);
    expect(await refusal(user, { passwd: next, current_passwd: 'not-it' })).toEqual([400, CURRENT_PASSWORD_WRONG]);
    expect(await refusal(user, { passwd: USER_PASSWORD, current_passwd: USER_PASSWORD })).toEqual([
      400,
      PASSWORD_NOT_NEW,
    ]);
    expect((await change(user, { passwd: next, current_passwd: USER_PASSWORD })).statusCode).toBe(200);
    const me = (await t.call('GET', '/v1/users/me', { as: user })).json() as { email: string };
    await t.login(me.email, next);
    // The previous password is now the one refused.
    expect(await refusal(user, { passwd: next, current_passwd: next })).toEqual([400, PASSWORD_NOT_NEW]);
  });

  it('refuses the expired one-off password as the new one, without asking for it again', async () => {
    const admin = await t.admin();
    const created = await put(admin, '/v1/users/-1', { name: 'One Off', email: 'one-off@example.com' });
    const { password } = created.json();
    const user = await t.login('one-off@example.com', password);
    expect(await refusal(user, { passwd: password })).toEqual([400, PASSWORD_NOT_NEW]);
    expect((await change(user, { passwd: 'My-Own-Long-Passphrase-5' })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { as: user })).json().password_expired).toBe(false);
  });

  it('counts wrong current passwords against the account like failed logins', async () => {
    const admin = await t.admin();
    for (let i = 0; i < 5; i++)
      await change(admin, { passwd: 'Fresh-Long-Passphrase-81', current_passwd: `wrong-${i}` });
    const locked = await change(admin, { passwd: 'Fresh-Long-Passphrase-81', current_passwd: TEST_ADMIN_PASSWORD });
    expect(locked.statusCode).toBe(429);
  });
});
