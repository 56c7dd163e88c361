import { fromPromise } from 'xstate';
import type { CurrentUser } from '../../api/contract/users.ts';

/** Why a login attempt failed, as the session machine needs to know it. */
export type LoginFailureReason = 'failed' | 'suspended' | 'otp_required';
export class LoginFailure extends Error {
  override readonly name = 'LoginFailure';
  readonly reason: LoginFailureReason;
  constructor(reason: LoginFailureReason) {
    super(reason);
    this.reason = reason;
  }
}

/** The server refused the new password (policy, reuse, wrong current password): its message is shown as it is. */
export class PasswordRefused extends Error {
  override readonly name = 'PasswordRefused';
}

/** The own password change: the current password is empty when it has expired (the forced change). */
export interface PasswordChangeInput {
  userId: number;
  passwd: string;
  current: string;
}

export interface LoginInput {
  email: string;
  passwd: string;
  otp?: string;
}
export interface PasswordCheckInput {
  passwd: string;
  email: string;
  name: string;
}
export interface PasswordCheck {
  status: 'ok' | 'error';
  msg: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`session actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const sessionActors = {
  fetchMe: fromPromise<CurrentUser>(notProvided('fetchMe')),
  login: fromPromise<CurrentUser, LoginInput>(notProvided('login')),
  logout: fromPromise<void>(notProvided('logout')),
  validatePassword: fromPromise<PasswordCheck, PasswordCheckInput>(notProvided('validatePassword')),
  changePassword: fromPromise<void, PasswordChangeInput>(notProvided('changePassword')),
};
