import type { SessionContext } from './types.ts';
import type { SessionEvent } from './events.ts';
import { LoginFailure } from './actors.ts';

type Args = { context: SessionContext; event: SessionEvent };

/** Spec 1 §5: email and password are required; the code is 6 digits when it is asked for. */
export function loginFieldErrors(
  values: { email: string; passwd: string; otp?: string },
  otpRequired: boolean,
): Partial<Record<'email' | 'passwd' | 'otp', string>> {
  const errors: Partial<Record<'email' | 'passwd' | 'otp', string>> = {};
  if (!values.email.trim()) errors.email = 'Email is required';
  if (!values.passwd) errors.passwd = 'Password is required';
  if (otpRequired && !/^\d{6}$/.test(values.otp ?? '')) errors.otp = 'Enter the 6-digit code';
  return errors;
}

/** On the code step the email and password come from the first step. */
export function submittedLogin(
  context: SessionContext,
  event: SessionEvent,
): { email: string; passwd: string; otp?: string } {
  if (event.type !== 'login.submit') return { email: '', passwd: '' };
  if (!context.otpRequired) return event;
  return { email: context.credentials?.email ?? '', passwd: context.credentials?.passwd ?? '', otp: event.otp };
}

export const isLoginFormComplete = ({ context, event }: Args): boolean =>
  event.type === 'login.submit' &&
  Object.keys(loginFieldErrors(submittedLogin(context, event), context.otpRequired)).length === 0;

export const isOtpRequired = ({ event }: { event: unknown }): boolean =>
  (event as { error?: unknown }).error instanceof LoginFailure &&
  (event as { error: LoginFailure }).error.reason === 'otp_required';

export const isPasswordExpired = (user: { password_expired: boolean } | null): boolean =>
  user?.password_expired === true;

/** The platform requires one-time codes and this user has none: the server only allows enrolment. */
export const isOtpEnrolmentRequired = (user: { otp_enrolment_required: boolean } | null): boolean =>
  user?.otp_enrolment_required === true;

export const isPasswordEmpty = ({ event }: Args): boolean => event.type === 'password.input' && event.passwd === '';

export const isPasswordMismatch = ({ event }: Args): boolean =>
  event.type === 'password.input' && event.passwd !== event.confirm;

/** The voluntary change needs the current password; the forced one (expired) does not ask for it. */
export const isCurrentPasswordGiven = ({ context }: Args): boolean =>
  isPasswordExpired(context.user) || context.password.current !== '';

export const isPasswordAccepted = ({ event }: { event: unknown }): boolean =>
  (event as { output?: { status?: string } }).output?.status === 'ok';

/** Idle for longer than the configured hours (VITE_INACTIVITY_HOURS); checked every 60 s. */
export const isIdleTooLong = ({ context }: Args): boolean => Date.now() - context.lastActivity >= context.inactivityMs;
