import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED } from '../../src/api/contract/auth.ts';
import { SEED_ADMIN_EMAIL } from '../../server/seed.ts';
import { type TestApp, createTestApp } from './helpers/test-app.ts';
import { TEST_ADMIN_PASSWORD } from './helpers/test-database.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const login = (email: string, passwd: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, passwd } });

describe('login', () => {
  it('gives an HttpOnly SameSite=Strict session cookie and /users/me answers the user', async () => {
    const res = await login(SEED_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = res.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const caller = await t.login(SEED_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const me = await t.call('GET', '/v1/users/me', { as: caller });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: SEED_ADMIN_EMAIL, password_expired: true });
    expect(me.json().permissions.project_roles).toEqual({ '1': 1 });
  });

  it('answers 429 with the exact text after five wrong passwords, even for the right one', async () => {
    for (let i = 0; i < 5; i++) expect((await login(SEED_ADMIN_EMAIL, `wrong-${i}`)).statusCode).toBe(401);
    const sixth = await login(SEED_ADMIN_EMAIL, 'wrong-6');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(ACCOUNT_SUSPENDED);
    const right = await login(SEED_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.body).toBe(sixth.body);
  });

  it('answers an unknown email exactly like a known one', async () => {
    for (let i = 0; i < 5; i++) expect((await login('nobody@example.com', 'x')).statusCode).toBe(401);
    const sixth = await login('nobody@example.com', 'x');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(ACCOUNT_SUSPENDED);
  });

  it('checks the password exactly N times under 50 parallel wrong logins', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(SEED_ADMIN_EMAIL, `bad-${i}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);
    const failures = await t.db
      .selectFrom('users_logs')
      .select('id')
      .where('action', 'like', 'Failed login%')
      .execute();
    expect(failures).toHaveLength(5);
  });
});

describe('sessions', () => {
  it('refuses the old cookie after logout and after a password change', async () => {
    const first = await t.admin();
    const second = await t.login(SEED_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const changed = await t.call('PUT', '/v1/users/change-my-passwd', {
      as: second,
      body: { passwd: 'A-much-Longer-Passphrase-42', current_passwd: TEST_ADMIN_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { as: first })).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/users/me', { as: second })).statusCode).toBe(200);
    await t.call('POST', '/v1/auth/logout', { as: second });
    expect((await t.call('GET', '/v1/users/me', { as: second })).statusCode).toBe(401);
  });

  it('refuses a session call without the console header (request forgery)', async () => {
    const caller = await t.admin();
    const res = await t.call('GET', '/v1/users/me', { as: caller, headers: { 'x-requested-with': '' } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a weak new password with a readable message', async () => {
    const caller = await t.admin();
    const res = await t.call('PUT', '/v1/users/change-my-passwd', {
      as: caller,
      body: { passwd: 'password1', current_passwd: TEST_ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too easy to guess/);
    const verdict = await t.call('POST', '/v1/users/validate-passwd', {
      as: caller,
      body: { passwd: 'administrator2024', email: SEED_ADMIN_EMAIL, name: 'Administrator' },
    });
    expect(verdict.json()).toMatchObject({ status: 'error' });
  });
});

describe('maximum password age', () => {
  it('is off by default and, once set, expires an old password', async () => {
    const caller = await t.admin();
    expect((await t.call('GET', '/v1/users/me', { as: caller })).json().password_expired).toBe(false);
    await t.db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 100 * 86_400_000) })
      .where('id', '=', caller.userId)
      .execute();
    expect((await t.call('GET', '/v1/users/me', { as: caller })).json().password_expired).toBe(false);
    await t.db
      .insertInto('platform_settings')
      .values({ id: 1, max_password_age_days: 90, require_otp: false })
      .onConflict((oc) => oc.column('id').doUpdateSet({ max_password_age_days: 90 }))
      .execute();
    expect((await t.call('GET', '/v1/users/me', { as: caller })).json().password_expired).toBe(true);
  });
});
