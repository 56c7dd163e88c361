import { Secret, TOTP } from 'otpauth';

/** RFC 6238: 30 s steps, 6 digits, one step of drift either way. */
export const TOTP_PERIOD = 30;
const WINDOW = 1;

export function totpFor(secretBase32: string, label = 'console'): TOTP {
  return new TOTP({
    issuer: 'Bot Console',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The time step a code belongs to, or null when it is wrong. */
export function matchingStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}
