import { ofetch } from 'ofetch';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, getApiScope } from './client.ts';

/**
 * A list's CSV (`format=csv`, streamed by the server) as a Blob with the file name the server gives. It is not JSON,
 * so it does not go through `callApi`; the caller shows 'Cannot download file!' when it rejects.
 */
export async function downloadCsv(
  path: string,
  filter: Record<string, string | undefined>,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { user, projectId } = getApiScope();
  const query: Record<string, string> = { format: 'csv' };
  if (user) query.user_id = String(user.id);
  if (projectId !== null) query.project_id = String(projectId);
  for (const [key, value] of Object.entries(filter)) if (value) query[key] = value;
  const base = typeof location === 'undefined' ? 'http://localhost:8000/v1' : `${location.origin}/v1`;
  const response = await ofetch.raw(path, {
    baseURL: base,
    query,
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    credentials: 'include',
    responseType: 'blob',
    retry: 0,
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: response._data as Blob, fileName };
}
