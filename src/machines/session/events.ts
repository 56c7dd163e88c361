export type SessionEvent =
  | { type: 'login.submit'; email: string; passwd: string; otp?: string }
  | { type: 'login.back' }
  | { type: 'session.logout' }
  | { type: 'session.expired'; returnTo: string | null }
  | { type: 'session.activity' }
  /** The dialog's entries as they are now; `current` is the current password (empty in the forced change). */
  | { type: 'password.input'; passwd: string; confirm: string; current: string }
  | { type: 'password.change' }
  /** "Change password" in the user menu (issue 34): anyone may change their own password. */
  | { type: 'password.open' }
  /** The voluntary dialog closed without a change; the forced one cannot be. */
  | { type: 'password.close' }
  /** The forced enrolment dialog confirmed a code: the session is full now. */
  | { type: 'otp.enrolled' };
