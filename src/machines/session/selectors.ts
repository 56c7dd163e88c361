import type { SnapshotFrom } from 'xstate';
import { isPasswordExpired } from './guards.ts';
import type { sessionMachine } from './machine.ts';

// Texts of spec 1 §5, §8 and spec 2 §9, verbatim.
export const NO_PASSWORD = 'No password provided.';
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const PASSWORD_CHANGED = 'Password changed';
export const LOGGED_OUT_INACTIVITY = 'Logged out due to inactivity';
export const LOGIN_FAILED = 'Login failed.';
export const ACCOUNT_SUSPENDED = 'Account suspended. Please try later.';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** The error shown above the login form, if any. */
export function loginError(snapshot: Snapshot): string | null {
  switch (snapshot.context.loginFailure) {
    case 'suspended':
      return ACCOUNT_SUSPENDED;
    case 'failed':
      return LOGIN_FAILED;
    default:
      return null;
  }
}

/** The live validation message of the change-password dialog (spec 1 §5). */
export function passwordProblem(snapshot: Snapshot): string | null {
  if (snapshot.matches({ authenticated: { access: { passwordChange: { editing: 'empty' } } } })) return NO_PASSWORD;
  if (snapshot.matches({ authenticated: { access: { passwordChange: { editing: 'mismatch' } } } }))
    return PASSWORDS_DIFFER;
  if (snapshot.matches({ authenticated: { access: { passwordChange: { editing: 'rejected' } } } }))
    return snapshot.context.password.serverMessage;
  return null;
}

/** The change-password dialog is open (forced or asked for). */
export const isPasswordDialogOpen = (snapshot: Snapshot): boolean =>
  snapshot.matches({ authenticated: { access: 'passwordChange' } });

/** The forced change of an expired password: no screen loads until it is done (the server refuses them). */
export const isPasswordChangeForced = (snapshot: Snapshot): boolean =>
  isPasswordDialogOpen(snapshot) && isPasswordExpired(snapshot.context.user);

export const isSignedIn = (snapshot: Snapshot): boolean => snapshot.matches('authenticated');
