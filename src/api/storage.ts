import { ofetch } from 'ofetch';
import { UPLOAD_FIELD, deleteFile, downloadFile, getStorage, uploadFile } from './contract/storage.ts';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, callApi, getApiScope } from './client.ts';

export const loadStorageFiles = () => callApi(getStorage);

/** One file in the multipart field `file`; 413 and 415 are the storage screen's to show. */
export function uploadStorageFile(file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return callApi(uploadFile, { body: form as never, expectedStatuses: [400, 413, 415] });
}

export const removeStorageFile = (name: string) => callApi(deleteFile, { query: { file: name } });

/**
 * Fetches a file with the console's header (a plain link cannot send it) and hands it to the browser as a
 * download under its own name.
 */
export async function downloadStorageFile(name: string): Promise<void> {
  const { user, projectId } = getApiScope();
  const query: Record<string, string> = { file: name };
  if (user) query.user_id = String(user.id);
  if (projectId !== null) query.project_id = String(projectId);
  const blob = await ofetch(`/v1${downloadFile.path}`, {
    baseURL: typeof location === 'undefined' ? undefined : location.origin,
    query,
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    credentials: 'include',
    responseType: 'blob',
    retry: 0,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
