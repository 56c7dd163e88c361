import { UPLOAD_FIELD, deleteFile, downloadFile, getStorage, uploadFile } from './contract/storage.ts';
import { callApi, downloadFromApi } from './client.ts';

export const loadStorageFiles = () => callApi(getStorage);

/** One file in the multipart field `file`; a refusal (400, 413, 415) or failure is the storage screen's to show. */
export function uploadStorageFile(file: File) {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return callApi(uploadFile, { body: form as never, ownsFailure: true });
}

/** The screen's one toast on failure is 'Cannot delete file' with the server's reason. */
export const removeStorageFile = (name: string) => callApi(deleteFile, { query: { file: name }, ownsFailure: true });

/**
 * Fetches a file with the console's header (a plain link cannot send it) and hands it to the browser as a
 * download under its own name.
 */
export async function downloadStorageFile(name: string): Promise<void> {
  const { blob } = await downloadFromApi(downloadFile.path, { file: name });
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
