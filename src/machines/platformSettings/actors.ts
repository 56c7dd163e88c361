import { fromPromise } from 'xstate';
import type { Company } from '../../api/contract/companies.ts';
import type { PlatformSettings, Voice } from '../../api/contract/platform.ts';
import type { AdminUser } from '../../api/contract/users-admin.ts';

/** Everything the platform-settings screen shows, loaded together. */
export interface PlatformData {
  /** Null when the user may not read the sign-in policy (Platform access is for everyone, its parts by permission). */
  policy: PlatformSettings | null;
  companies: Company[];
  languages: Array<{ code: string; name: string }>;
  voices: Voice[];
  users: AdminUser[];
}

/** One administrative change; each is its own call and users-log line. */
export type PlatformTask =
  | { kind: 'policy'; policy: PlatformSettings }
  | { kind: 'company.save'; id: number | null; name: string }
  | { kind: 'company.delete'; id: number }
  | { kind: 'user.resetPassword'; id: number }
  | { kind: 'user.resetOtp'; id: number };

const notProvided = (name: string) => () => Promise.reject(new Error(`platformSettings actor ${name} not provided`));

/** Typed placeholders; provided.ts gives the real API calls, tests give fakes. */
export const platformSettingsActors = {
  load: fromPromise<PlatformData, void>(notProvided('load')),
  /** A password reset answers the one-off password, shown once. */
  perform: fromPromise<{ password?: string }, PlatformTask>(notProvided('perform')),
};
