import { z } from 'zod';
import { defineCall, sessionAccess } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';

// One-time codes (spec 1 §9: 6 digits; RFC 6238). Texts shown by the enrolment modal, verbatim.
export const OTP_ENABLED = 'One-time codes enabled';
export const OTP_DISABLED = 'One-time codes disabled';
export const OTP_WRONG_CODE = 'Wrong or already used code.';

export const otpCode = z.string().regex(/^\d{6}$/, 'The code has 6 digits.');

export const otpEnrolment = z.object({
  /** The otpauth:// URL an authenticator app reads. */
  otpauth_url: z.string(),
  /** The same URL as a QR code image (data:image/png;base64,…). */
  qr_code: z.string(),
  /** The base32 secret, for typing in by hand. */
  secret: z.string(),
});
export type OtpEnrolment = z.infer<typeof otpEnrolment>;

/** Starts (or restarts) an enrolment: a new secret held pending until confirmed. */
export const enrolOtp = defineCall({
  name: 'enrolOtp',
  method: 'POST',
  path: '/users/otp/enrol',
  resource: '/users/otp',
  access: sessionAccess,
  query: scopeQuery,
  response: otpEnrolment,
  atimeExempt: true,
});

/** Confirming and turning off both prove a current code, as the signed-in user. */
const withCode = {
  resource: '/users/otp',
  access: sessionAccess,
  query: scopeQuery,
  body: z.object({ otp: otpCode }),
  response: okResponse,
  atimeExempt: true,
} as const;

/** Activates the pending secret with a code from the app. */
export const confirmOtp = defineCall({
  name: 'confirmOtp',
  method: 'POST',
  path: '/users/otp/confirm',
  ...withCode,
});

/** Turns one-time codes off for the caller, proven with a current code. */
export const disableOtp = defineCall({
  name: 'disableOtp',
  method: 'DELETE',
  path: '/users/otp',
  ...withCode,
});
