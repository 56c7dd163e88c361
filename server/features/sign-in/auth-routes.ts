import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_SUSPENDED,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_NOT_NEW,
  changeMyPasswd,
  login,
  logout,
  validatePasswd,
} from '../../../src/api/contract/auth.ts';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  accountKey,
  addressKey,
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
} from '../../auth/login-throttle.ts';
import { judgePassword } from '../../auth/password-policy.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { SESSION_COOKIE, createSession, endAllSessions, endSession } from '../../auth/sessions.ts';
import { matchingStep } from '../../auth/totp.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie.ts';
import { loadCurrentUser } from '../../auth/current-user.ts';
import { loginCandidate, passwordHashOf, setOwnPassword } from '../users/users.ts';
import { consumeStep } from '../users/users-store.ts';
import { logUserAction } from '../../history/users-log.ts';

/** The one answer for unknown, wrong and locked alike, so none can be told apart (ASVS 6.3.8). */
export const OTP_REQUIRED = 'otp_required';

export default async function authRoutes(
  app: FastifyInstance,
  services: RouteServices & { config: { secureCookies: boolean } },
) {
  const { db } = services;

  registerCall(app, services, login, async ({ body, request, reply }) => {
    const email = body.email.toLowerCase();
    const suspended = () => new HttpError(429, ACCOUNT_SUSPENDED);
    if (!(await reserveAttempt(db, addressKey(request.ip), ADDRESS_FAILURE_LIMIT))) throw suspended();
    if (!(await reserveAttempt(db, accountKey(email), ACCOUNT_FAILURE_LIMIT))) throw suspended();
    const user = await loginCandidate(db, email);
    const passwordOk = await verifyPassword(user?.passwd_hash ?? (await decoyPasswordHash()), body.passwd);
    if (!user?.is_active || !passwordOk) {
      await logUserAction(db, { userId: user?.id ?? null, action: `Failed login for ${email.slice(0, 100)}` });
      throw new HttpError(401, 'Login failed.');
    }
    if (user.otp_secret) {
      const step = body.otp ? matchingStep(user.otp_secret, body.otp) : null;
      if (!body.otp) {
        // The password was right: that attempt does not count, the code is asked for next.
        await releaseAttempt(db, accountKey(email));
        throw new HttpError(401, OTP_REQUIRED);
      }
      if (step === null || !(await consumeStep(db, user.id, step))) {
        await logUserAction(db, { userId: user.id, action: 'Failed one-time code' });
        throw new HttpError(401, 'Login failed.');
      }
    }
    await clearAttempts(db, accountKey(email));
    await releaseAttempt(db, addressKey(request.ip));
    const token = await createSession(db, user.id);
    setSessionCookie(reply, token, services.config.secureCookies);
    await logUserAction(db, { userId: user.id, action: 'Logged in' });
    const current = await loadCurrentUser(db, user.id);
    if (!current) throw new HttpError(401, 'Login failed.');
    return { status: 'ok' as const, user: current };
  });

  registerCall(app, services, logout, async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    // A cross-site form must not be able to log the victim out either (DESIGN §3).
    if (token && request.headers['x-requested-with'] !== 'console') throw new HttpError(403, 'Missing request header.');
    await endSession(db, token);
    clearSessionCookie(reply);
    return { status: 'ok' as const };
  });

  registerCall(app, services, validatePasswd, async ({ body }) => judgePassword(body.passwd, body));

  registerCall(app, services, changeMyPasswd, async ({ body, requireUser, request }) => {
    const user = requireUser();
    const verdict = judgePassword(body.passwd, user);
    if (verdict.status !== 'ok') throw new HttpError(400, verdict.msg);
    const currentHash = await passwordHashOf(db, user.id);
    // Asked for unless expired: a stolen session alone must not take the account over (ASVS 6.2.3). Wrong guesses
    // count against the account like failed logins.
    if (!user.password_expired) {
      if (!body.current_passwd) throw new HttpError(400, CURRENT_PASSWORD_REQUIRED);
      if (!(await reserveAttempt(db, accountKey(user.email), ACCOUNT_FAILURE_LIMIT)))
        throw new HttpError(429, ACCOUNT_SUSPENDED);
      if (!(await verifyPassword(currentHash, body.current_passwd))) {
        await logUserAction(db, { userId: user.id, action: 'Failed own password change (wrong current password)' });
        throw new HttpError(400, CURRENT_PASSWORD_WRONG);
      }
      await clearAttempts(db, accountKey(user.email));
    }
    // The current password (the one-off one when expired) cannot come back as the new one.
    if (await verifyPassword(currentHash, body.passwd)) throw new HttpError(400, PASSWORD_NOT_NEW);
    await setOwnPassword(db, user.id, await hashPassword(body.passwd));
    // Every other session of this user ends; this one stays.
    await endAllSessions(db, user.id, request.sessionToken);
    await logUserAction(db, { userId: user.id, action: 'Changed own password' });
    return { status: 'ok' as const };
  });
}
