import { fromPromise } from 'xstate';
import type { UsersLogPage } from '../../api/contract/users-logs.ts';

/** What the server filters and pages by. */
export interface UsersLogsFilter {
  page: number;
  size: number;
  user: string;
  search: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`usersLogs actor ${name} not provided`));

/** Typed placeholders; provided.ts gives the real API calls, tests give fakes. */
export const usersLogsActors = {
  loadPage: fromPromise<UsersLogPage, UsersLogsFilter>(notProvided('loadPage')),
  download: fromPromise<void, Pick<UsersLogsFilter, 'user' | 'search'>>(notProvided('download')),
};
