// One-time codes (QUALITY: RFC 6238 §5.2, ASVS 6.5.1): enrolment, login with a code, replay refused, parallel submissions, ±1 step.
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OTP_ENROLMENT_REQUIRED, OTP_REQUIRED_BY_PLATFORM } from '../../server/auth/otp-requirement.ts';
import { TOTP_PERIOD, matchingStep } from '../../server/auth/totp.ts';
import { type Caller, type TestApp, USER_PASSWORD, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * TOTP_PERIOD * 1000,
  });

const login = (email: string, otp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, passwd: USER_PASSWORD, ...(otp ? { otp } : {}) },
  });

/** A user with codes on; `confirmed` is the code that activated them (its step is spent). */
async function enrolledUser(): Promise<{ caller: Caller; email: string; secret: string; confirmed: string }> {
  const caller = await t.createUser({ roleId: 3 });
  const me = (await t.call('GET', '/v1/users/me', { as: caller })).json();
  const enrol = await t.call('POST', '/v1/users/otp/enrol', { as: caller });
  expect(enrol.statusCode).toBe(200);
  const { secret } = enrol.json();
  const confirmed = codeAt(secret);
  const confirm = await t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: confirmed } });
  expect(confirm.statusCode).toBe(200);
  return { caller, email: me.email, secret, confirmed };
}

describe('one-time code enrolment', () => {
  it('answers an otpauth URL and a QR code; the secret is active only after a confirming code', async () => {
    const caller = await t.createUser({ roleId: 3 });
    const enrol = await t.call('POST', '/v1/users/otp/enrol', { as: caller });
    expect(enrol.statusCode).toBe(200);
    const body = enrol.json();
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(body.otpauth_url).toMatch(/period=30/);
    expect(body.otpauth_url).toMatch(/digits=6/);
    expect(body.qr_code).toMatch(/^data:image\/png;base64,/);
    expect((await t.call('GET', '/v1/users/me', { as: caller })).json().otp_enabled).toBe(false);
    const me = (await t.call('GET', '/v1/users/me', { as: caller })).json();
    // Pending only: login still needs no code.
    expect((await login(me.email)).statusCode).toBe(200);

    const wrong = await t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: codeAt(body.secret, 5) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Wrong or already used code.');
    const bad = await t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: '12ab56' } });
    expect(bad.statusCode).toBe(400);
    const right = await t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: codeAt(body.secret) } });
    expect(right.statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { as: caller })).json().otp_enabled).toBe(true);
    expect((await t.call('POST', '/v1/users/otp/enrol', { as: caller })).statusCode).toBe(400);
    const logs = await t.db.selectFrom('users_logs').select('action').where('user_id', '=', caller.userId).execute();
    expect(logs.map((l) => l.action)).toContain('Enabled one-time codes');
  });

  it('ends other sessions when codes are turned on (they were opened without the second factor)', async () => {
    const caller = await t.createUser({ roleId: 3 });
    const me = (await t.call('GET', '/v1/users/me', { as: caller })).json();
    const other = await t.login(me.email, USER_PASSWORD);
    const { secret } = (await t.call('POST', '/v1/users/otp/enrol', { as: caller })).json();
    await t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: codeAt(secret) } });
    expect((await t.call('GET', '/v1/users/me', { as: other })).statusCode).toBe(401);
    expect((await t.call('GET', '/v1/users/me', { as: caller })).statusCode).toBe(200);
  });

  it('gives exactly one success for 10 parallel confirmations of one code', async () => {
    const caller = await t.createUser({ roleId: 3 });
    const { secret } = (await t.call('POST', '/v1/users/otp/enrol', { as: caller })).json();
    const code = codeAt(secret);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: code } })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
  });

  it('refuses guessing: after 5 wrong codes the next answer is 429', async () => {
    const caller = await t.createUser({ roleId: 3 });
    const { secret } = (await t.call('POST', '/v1/users/otp/enrol', { as: caller })).json();
    const wrong = codeAt(secret, 10);
    for (let i = 0; i < 5; i++)
      expect((await t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: wrong } })).statusCode).toBe(
        400,
      );
    const sixth = await t.call('POST', '/v1/users/otp/confirm', { as: caller, body: { otp: codeAt(secret) } });
    expect(sixth.statusCode).toBe(429);
  });
});

describe('login with a one-time code', () => {
  it('asks for the code, accepts a fresh one once and refuses its replay', async () => {
    const { email, secret, confirmed } = await enrolledUser();
    const noCode = await login(email);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().message).toBe('otp_required');
    // The code used to confirm is spent: the same step cannot log in.
    expect((await login(email, confirmed)).statusCode).toBe(401);
    const next = codeAt(secret, 1);
    const ok = await login(email, next);
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'console_session')).toBeDefined();
    const replay = await login(email, next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Login failed.');
  });

  it('gives exactly one success for 10 parallel logins with one code', async () => {
    const { email, secret } = await enrolledUser();
    const code = codeAt(secret, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(email, code)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 401 || c === 429)).toBe(true);
  });

  it('turns codes off only with a current code, after which login needs none', async () => {
    const { caller, email, secret, confirmed } = await enrolledUser();
    expect((await t.call('DELETE', '/v1/users/otp', { as: caller, body: { otp: confirmed } })).statusCode).toBe(400);
    expect((await t.call('DELETE', '/v1/users/otp', { as: caller, body: { otp: codeAt(secret, 1) } })).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', '/v1/users/me', { as: caller })).json().otp_enabled).toBe(false);
    expect((await login(email)).statusCode).toBe(200);
  });
});

/** The platform setting as an administrator turns it on in the platform-settings screen. */
async function setRequireOtp(on: boolean): Promise<void> {
  const admin = await t.admin();
  const read = await t.call('GET', '/v1/platform/settings', { as: admin });
  expect(read.statusCode).toBe(200);
  const atime = read.headers['x-atime'] as string;
  const put = await t.call('PUT', '/v1/platform/settings', { as: admin, body: { require_otp: on }, query: { atime } });
  expect(put.statusCode, put.body).toBe(200);
}

/** Calls a restricted session must not make: project data, configuration writes, its own password, the admin area. */
const beyondEnrolment = [
  ['GET', '/v1/projects'],
  ['GET', '/v1/settings'],
  ['GET', '/v1/intents'],
  ['PUT', '/v1/settings'],
  ['GET', '/v1/users-logs'],
  ['POST', '/v1/users/validate-passwd'],
  ['PUT', '/v1/users/change-my-passwd'],
  ['DELETE', '/v1/users/otp'],
] as const;

describe('platform requiring one-time codes (require_otp)', () => {
  it('gives a user without a code a session that can only enrol; enrolling makes it full', async () => {
    const caller = await t.createUser({ roleId: 1 });
    const email = (await t.call('GET', '/v1/users/me', { as: caller })).json().email;
    await setRequireOtp(true);
    const answer = await login(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({ otp_enabled: false, otp_enrolment_required: true });
    const cookie = answer.cookies.find((c) => c.name === 'console_session');
    const restricted = { cookie: `console_session=${cookie?.value}`, userId: caller.userId };

    const me = await t.call('GET', '/v1/users/me', { as: restricted });
    expect(me.statusCode).toBe(200);
    expect(me.json().otp_enrolment_required).toBe(true);
    for (const [method, url] of beyondEnrolment) {
      const refused = await t.call(method, url, { as: restricted, body: {}, query: { atime: 1 } });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe(OTP_ENROLMENT_REQUIRED);
    }
    // The session opened before the setting was turned on is restricted as well, from its next call.
    expect((await t.call('GET', '/v1/projects', { as: caller })).statusCode).toBe(403);

    const enrol = await t.call('POST', '/v1/users/otp/enrol', { as: restricted });
    expect(enrol.statusCode).toBe(200);
    const confirm = await t.call('POST', '/v1/users/otp/confirm', {
      as: restricted,
      body: { otp: codeAt(enrol.json().secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const after = (await t.call('GET', '/v1/users/me', { as: restricted })).json();
    expect(after).toMatchObject({ otp_enabled: true, otp_enrolment_required: false });
    expect((await t.call('GET', '/v1/projects', { as: restricted })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/settings', { as: restricted })).statusCode).toBe(200);
    // Sessions opened without the second factor ended with the enrolment.
    expect((await t.call('GET', '/v1/users/me', { as: caller })).statusCode).toBe(401);
    const logout = await t.call('POST', '/v1/auth/logout', { as: restricted });
    expect(logout.statusCode).toBe(200);
  });

  it('lets a restricted session log out', async () => {
    const caller = await t.createUser({ roleId: 3 });
    await setRequireOtp(true);
    expect((await t.call('POST', '/v1/auth/logout', { as: caller })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { as: caller })).statusCode).toBe(401);
  });

  it('asks an enrolled user for the code at login, and refuses turning codes off while required', async () => {
    const { email, secret } = await enrolledUser();
    await setRequireOtp(true);
    const noCode = await login(email);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().message).toBe('otp_required');
    expect(noCode.cookies.find((c) => c.name === 'console_session' && c.value)).toBeUndefined();
    const ok = await login(email, codeAt(secret, 1));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ otp_enabled: true, otp_enrolment_required: false });
    const cookie = ok.cookies.find((c) => c.name === 'console_session');
    const full = { cookie: `console_session=${cookie?.value}`, userId: ok.json().user.id };
    expect((await t.call('GET', '/v1/projects', { as: full })).statusCode).toBe(200);
    const off = await t.call('DELETE', '/v1/users/otp', { as: full, body: { otp: codeAt(secret, -1) } });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(OTP_REQUIRED_BY_PLATFORM);
    expect((await t.call('GET', '/v1/users/me', { as: full })).json().otp_enabled).toBe(true);
  });

  it('lifts the restriction when the setting is turned off again (the administrator without a code is restricted too)', async () => {
    const caller = await t.createUser({ roleId: 3 });
    await setRequireOtp(true);
    expect((await t.call('GET', '/v1/projects', { as: caller })).statusCode).toBe(403);
    // The administrator has no code either: enrolment first, then the setting can be changed back.
    const admin = await t.admin();
    expect((await t.call('GET', '/v1/platform/settings', { as: admin })).statusCode).toBe(403);
    await t.db.updateTable('platform_settings').set({ require_otp: false }).where('id', '=', 1).execute();
    expect((await t.call('GET', '/v1/projects', { as: caller })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/users/me', { as: caller })).json().otp_enrolment_required).toBe(false);
  });
});

describe('RFC 6238 steps', () => {
  it('uses 30 s steps and accepts exactly one step of drift either way', () => {
    const secret = new Secret({ size: 20 }).base32;
    const now = Date.UTC(2030, 0, 1, 12, 0, 15);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const step = Math.floor(now / 30_000);
    const at = (offset: number) => totp.generate({ timestamp: now + offset * 30_000 });
    expect(TOTP_PERIOD).toBe(30);
    expect(matchingStep(secret, at(0), now)).toBe(step);
    expect(matchingStep(secret, at(-1), now)).toBe(step - 1);
    expect(matchingStep(secret, at(1), now)).toBe(step + 1);
    expect(matchingStep(secret, at(-2), now)).toBeNull();
    expect(matchingStep(secret, at(2), now)).toBeNull();
  });
});
