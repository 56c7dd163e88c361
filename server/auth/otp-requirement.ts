import type { PlatformSettings } from '../../src/api/contract/platform.ts';
import { confirmOtp, enrolOtp } from '../../src/api/contract/otp.ts';
import { getMe } from '../../src/api/contract/users.ts';

/**
 * The platform setting `require_otp`: a user without an enrolled one-time code gets a session that can only
 * enrol one (pre-MFA session, QUALITY authorization matrix). It is derived on every request from the setting and
 * the user's row, so turning the setting on restricts open sessions at once and enrolling lifts the restriction.
 */
export const OTP_ENROLMENT_REQUIRED = 'One-time code enrolment required.';
export const OTP_REQUIRED_BY_PLATFORM = 'One-time codes are required on this platform.';

export const isOtpEnrolmentRequired = (settings: PlatformSettings, otpSecret: string | null): boolean =>
  settings.require_otp && otpSecret === null;

/** What enrolment needs (logout is public): who am I, start an enrolment, confirm it. Keyed as Fastify routes them. */
const callsBeforeEnrolment = new Set([getMe, enrolOtp, confirmOtp].map((call) => `${call.method} /v1${call.path}`));

export const isAllowedBeforeEnrolment = (method: string, routeUrl: string | undefined): boolean =>
  callsBeforeEnrolment.has(`${method} ${routeUrl ?? ''}`);
