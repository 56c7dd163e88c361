import { getUsersLogs } from './contract/users-logs.ts';
import { callApi } from './client.ts';
import { downloadCsv } from './csvDownload.ts';

export interface UsersLogFilter {
  page: number;
  size: number;
  user?: string;
  search?: string;
}

export const loadUsersLogs = (filter: UsersLogFilter) =>
  callApi(getUsersLogs, {
    query: { page: filter.page, size: filter.size, user: filter.user || undefined, search: filter.search || undefined },
  });

/** The CSV of every matching line (spec 1 §2 "CSV download"); the caller shows 'Cannot download file!'. */
export const downloadUsersLogsCsv = (filter: Omit<UsersLogFilter, 'page' | 'size'>) =>
  downloadCsv(getUsersLogs.path, { user: filter.user, search: filter.search }, 'users_logs.csv');
