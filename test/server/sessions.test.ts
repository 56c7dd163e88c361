// Sessions (QUALITY: ASVS 7.2.4, 7.4.1): an old cookie is worthless after login, logout, password change, role
// removal and lockout; the cookie's flags; idle and absolute timeouts enforced by the server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { SESSION_ABSOLUTE_SECONDS, SESSION_COOKIE, SESSION_IDLE_SECONDS } from '../../server/auth/sessions.ts';
import { readConfig } from '../../server/config.ts';
import { SEED_ADMIN_EMAIL } from '../../server/seed.ts';
import { type Caller, DEMO_PROJECT_ID, type TestApp, USER_PASSWORD, createTestApp } from './helpers/test-app.ts';
import { TEST_ADMIN_PASSWORD, openTestDatabase } from './helpers/test-database.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const me = (as: Caller) => t.call('GET', '/v1/users/me', { as });
const emailOf = async (caller: Caller) =>
  (await t.db.selectFrom('users').select('email').where('id', '=', caller.userId).executeTakeFirstOrThrow()).email;

describe('an old cookie is refused', () => {
  it('after login: a cookie planted before login is not adopted (no fixation)', async () => {
    const planted = 'planted-token-chosen-by-an-attacker';
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: SEED_ADMIN_EMAIL, passwd: TEST_ADMIN_PASSWORD },
      headers: { cookie: `${SESSION_COOKIE}=${planted}` },
    });
    expect(res.statusCode).toBe(200);
    const issued = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(planted);
    expect((await me({ cookie: `${SESSION_COOKIE}=${planted}`, userId: 0 })).statusCode).toBe(401);
    expect((await me({ cookie: `${SESSION_COOKIE}=${issued}`, userId: 0 })).statusCode).toBe(200);
  });

  it('after logout', async () => {
    const caller = await t.admin();
    expect((await me(caller)).statusCode).toBe(200);
    expect((await t.call('POST', '/v1/auth/logout', { as: caller })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await me(caller)).statusCode).toBe(401);
  });

  it('after a password change (every other session)', async () => {
    const first = await t.createUser({ roleId: 3 });
    const second = await t.login(await emailOf(first), USER_PASSWORD);
    const changed = await t.call('PUT', '/v1/users/change-my-passwd', {
      as: second,
      body: { passwd: 'Another-Long-Passphrase-77', current_passwd: USER_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/storage', { as: first })).statusCode).toBe(401);
  });

  it('after an administrator password reset', async () => {
    const admin = await t.admin();
    const user = await t.createUser({ roleId: 3 });
    const users = await t.call('GET', '/v1/users', { as: admin });
    const reset = await t.call('POST', `/v1/users/reset/${user.userId}`, {
      as: admin,
      query: { atime: users.headers['x-atime'] as string },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('after removal from the project (role removal)', async () => {
    const admin = await t.admin();
    const user = await t.createUser({ roleId: 3 });
    expect((await t.call('GET', '/v1/storage', { as: user })).statusCode).toBe(200);
    const members = await t.call('GET', '/v1/users/projects', { as: admin });
    expect(members.statusCode).toBe(200);
    const project = (
      members.json() as Array<{ project_id: number; users: Array<{ user_id: number; role_id: number }> }>
    ).find((p) => p.project_id === DEMO_PROJECT_ID);
    const remaining = (project?.users ?? [])
      .filter((u) => u.user_id !== user.userId)
      .map((u) => ({ user_id: u.user_id, role_id: u.role_id }));
    const put = await t.call('PUT', '/v1/users/projects', {
      as: admin,
      query: { atime: members.headers['x-atime'] as string },
      body: [{ project_id: DEMO_PROJECT_ID, users: remaining }],
    });
    expect(put.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/storage', { as: user })).statusCode).toBe(401);
  });

  it('after the role itself is deleted', async () => {
    const admin = await t.admin();
    const roles = await t.call('GET', '/v1/roles', { as: admin });
    const created = await t.call('PUT', '/v1/roles/-1', {
      as: admin,
      body: { name: 'Temporary' },
      query: { atime: roles.headers['x-atime'] as string },
    });
    expect(created.statusCode).toBe(200);
    const roleId = created.json().id as number;
    const user = await t.createUser({ roleId });
    expect((await me(user)).statusCode).toBe(200);
    const fresh = await t.call('GET', '/v1/roles', { as: admin });
    const deleted = await t.call('DELETE', `/v1/roles/${roleId}`, {
      as: admin,
      query: { atime: fresh.headers['x-atime'] as string },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('after lockout: an account locked by an administrator, even once unlocked again', async () => {
    const admin = await t.admin();
    const user = await t.createUser({ roleId: 3 });
    const email = await emailOf(user);
    const lock = async (active: boolean) => {
      const users = await t.call('GET', '/v1/users', { as: admin });
      const res = await t.call('PUT', `/v1/users/${user.userId}`, {
        as: admin,
        query: { atime: users.headers['x-atime'] as string },
        body: { name: 'Locked User', email, active },
      });
      expect(res.statusCode).toBe(200);
    };
    await lock(false);
    for (let i = 0; i < 3; i++) expect((await me(user)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, passwd: USER_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);
    await lock(true);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('while suspended by wrong passwords: no new session is issued, even for the right password', async () => {
    const user = await t.createUser({ roleId: 3 });
    const email = await emailOf(user);
    for (let i = 0; i < 6; i++)
      await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, passwd: `wrong-${i}` } });
    const locked = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, passwd: USER_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Strict, path /, and not Secure without SECURE_COOKIES', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: SEED_ADMIN_EMAIL, passwd: TEST_ADMIN_PASSWORD },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(SESSION_ABSOLUTE_SECONDS);
    // The token is random and long; the database keeps only its hash.
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((r) => r.id === cookie?.value)).toBe(false);
  });

  it('is Secure when SECURE_COOKIES=1 (behind TLS)', async () => {
    const database = await openTestDatabase();
    const config = { ...readConfig({ SECURE_COOKIES: '1' }), distDir: '/nonexistent' };
    const app = await buildApp({ db: database.db, config });
    try {
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: SEED_ADMIN_EMAIL, passwd: TEST_ADMIN_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        secure: true,
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('timeouts enforced by the server', () => {
  it(`ends a session idle for more than ${SESSION_IDLE_SECONDS / 3600} h`, async () => {
    const caller = await t.admin();
    const idle = new Date(Date.now() - (SESSION_IDLE_SECONDS + 60) * 1000);
    await t.db.updateTable('sessions').set({ last_seen_at: idle }).execute();
    expect((await me(caller)).statusCode).toBe(401);
  });

  it('keeps a session used within the idle limit, and each use moves its idle clock', async () => {
    const caller = await t.admin();
    const almost = new Date(Date.now() - (SESSION_IDLE_SECONDS - 60) * 1000);
    await t.db.updateTable('sessions').set({ last_seen_at: almost }).execute();
    expect((await me(caller)).statusCode).toBe(200);
    const row = await t.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it(`ends a session older than ${SESSION_ABSOLUTE_SECONDS / 3600} h however active`, async () => {
    const caller = await t.admin();
    expect((await me(caller)).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000), last_seen_at: new Date() })
      .execute();
    expect((await me(caller)).statusCode).toBe(401);
  });
});
