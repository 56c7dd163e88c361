import type { CurrentUser } from '../../api/contract/users.ts';
import type { LoginFailure } from './actors.ts';

export interface SessionContext {
  user: CurrentUser | null;
  /** The page to return to after login (spec 1 §2). */
  returnTo: string | null;
  /** Credentials kept between the password step and the one-time code step; cleared once logged in. */
  credentials: { email: string; passwd: string } | null;
  otpRequired: boolean;
  loginFailure: LoginFailure['reason'] | null;
  fieldErrors: Partial<Record<'email' | 'passwd' | 'otp', string>>;
  password: { passwd: string; confirm: string; current: string; serverMessage: string | null };
  inactivityMs: number;
  lastActivity: number;
  logoutReason: 'user' | 'inactivity' | null;
}

export interface SessionInput {
  /** Where the browser was when the app started (hash path with query), to return to after login. */
  location: string;
  inactivityHours: number;
}
