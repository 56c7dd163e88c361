import { ofetch } from 'ofetch';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, getApiScope } from './client.ts';
import { getUsersLogs as getUsersLogsCall } from './contract/users-logs.ts';
import { callApi } from './client.ts';

export interface UsersLogFilter {
  page: number;
  size: number;
  user?: string;
  search?: string;
}

export const getUsersLogs = (filter: UsersLogFilter) =>
  callApi(getUsersLogsCall, {
    query: { page: filter.page, size: filter.size, user: filter.user || undefined, search: filter.search || undefined },
  });

/**
 * The CSV of every matching line (spec 1 §2 "CSV download"), as a Blob with its file name. It is not JSON, so it
 * does not go through `callApi`; the caller shows 'Cannot download file!' when it rejects.
 */
export async function downloadUsersLogsCsv(
  filter: Omit<UsersLogFilter, 'page' | 'size'>,
): Promise<{ blob: Blob; fileName: string }> {
  const { user, projectId } = getApiScope();
  const query: Record<string, string> = { format: 'csv' };
  if (user) query.user_id = String(user.id);
  if (projectId !== null) query.project_id = String(projectId);
  if (filter.user) query.user = filter.user;
  if (filter.search) query.search = filter.search;
  const base = typeof location === 'undefined' ? 'http://localhost:8000/v1' : `${location.origin}/v1`;
  const response = await ofetch.raw(getUsersLogsCall.path, {
    baseURL: base,
    query,
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    credentials: 'include',
    responseType: 'blob',
    retry: 0,
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'users_logs.csv';
  return { blob: response._data as Blob, fileName };
}
