export type SessionEvent =
  | { type: 'login.submit'; email: string; passwd: string; otp?: string }
  | { type: 'login.back' }
  | { type: 'session.logout' }
  | { type: 'session.expired'; returnTo: string | null }
  | { type: 'session.activity' }
  | { type: 'password.input'; passwd: string; confirm: string }
  | { type: 'password.change' }
  /** The forced enrolment dialog confirmed a code: the session is full now. */
  | { type: 'otp.enrolled' };
