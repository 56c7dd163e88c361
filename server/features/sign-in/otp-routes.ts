import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { OTP_WRONG_CODE, confirmOtp, disableOtp, enrolOtp } from '../../../src/api/contract/otp.ts';
import { clearAttempts, reserveAttempt } from '../../auth/login-throttle.ts';
import { OTP_REQUIRED_BY_PLATFORM } from '../../auth/otp-requirement.ts';
import { endAllSessions } from '../../auth/sessions.ts';
import { matchingStep, newTotpSecret, totpFor } from '../../auth/totp.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RouteServices } from '../../http/register-call.ts';
import { registerCall } from '../../http/register-call.ts';
import { activateEnrolment, otpSecretOf, pendingEnrolment, startEnrolment } from '../users/otp-enrolments.ts';
import { clearOtp, consumeStep } from '../users/users-store.ts';
import { readPlatformSettings } from '../../auth/platform-settings.ts';
import { logUserAction } from '../../history/users-log.ts';

/** A pending secret not confirmed within this time must be enrolled again. */
export const OTP_ENROLMENT_SECONDS = 10 * 60;
/** Wrong codes allowed per user on confirm/disable within the throttle window, so 6 digits cannot be guessed. */
export const OTP_FAILURE_LIMIT = 5;

const otpKey = (userId: number): string => `otp:${userId}`;
const wrongCode = () => new HttpError(400, OTP_WRONG_CODE);

/** Per-user one-time codes (RFC 6238): enrol with a QR code, confirm with a code, turn off with a code. */
export default async function otpRoutes(app: FastifyInstance, services: RouteServices) {
  const { db } = services;

  /** Every code check spends one attempt; a right code gives them back. */
  async function guardAttempt(userId: number): Promise<void> {
    if (!(await reserveAttempt(db, otpKey(userId), OTP_FAILURE_LIMIT))) {
      throw new HttpError(429, 'Too many wrong codes. Please try later.');
    }
  }

  registerCall(app, services, enrolOtp, async ({ requireUser }) => {
    const user = requireUser();
    if (user.otp_enabled) throw new HttpError(400, 'One-time codes are already on. Turn them off first.');
    const secret = newTotpSecret();
    await startEnrolment(db, user.id, secret);
    const otpauthUrl = totpFor(secret, user.email).toString();
    await logUserAction(db, { userId: user.id, action: 'Started one-time code enrolment' });
    return { otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }), secret };
  });

  registerCall(app, services, confirmOtp, async ({ body, requireUser, request }) => {
    const user = requireUser();
    const { otp } = body as NonNullable<typeof body>;
    const pending = await pendingEnrolment(db, user.id);
    if (!pending || Date.now() - new Date(pending.created_at).getTime() > OTP_ENROLMENT_SECONDS * 1000) {
      throw new HttpError(400, 'No enrolment in progress. Start again.');
    }
    await guardAttempt(user.id);
    const step = matchingStep(pending.secret, otp);
    if (step === null) throw wrongCode();
    const activated = await activateEnrolment(db, user.id, pending.secret, step);
    if (!activated) throw wrongCode();
    await clearAttempts(db, otpKey(user.id));
    // Sessions opened without the second factor end; this one stays.
    await endAllSessions(db, user.id, request.sessionToken);
    await logUserAction(db, { userId: user.id, action: 'Enabled one-time codes' });
    return { status: 'ok' as const };
  });

  registerCall(app, services, disableOtp, async ({ body, requireUser }) => {
    const user = requireUser();
    const { otp } = body as NonNullable<typeof body>;
    const secret = await otpSecretOf(db, user.id);
    if (!secret) throw new HttpError(400, 'One-time codes are not on.');
    // Turning them off would only lock the session into enrolment again (require_otp).
    if ((await readPlatformSettings(db)).require_otp) throw new HttpError(400, OTP_REQUIRED_BY_PLATFORM);
    await guardAttempt(user.id);
    const step = matchingStep(secret, otp);
    if (step === null || !(await consumeStep(db, user.id, step))) throw wrongCode();
    await clearOtp(db, user.id);
    await clearAttempts(db, otpKey(user.id));
    await logUserAction(db, { userId: user.id, action: 'Disabled one-time codes' });
    return { status: 'ok' as const };
  });
}
