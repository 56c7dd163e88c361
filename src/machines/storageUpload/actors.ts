import { fromPromise } from 'xstate';
import type { StorageFile } from '../../api/contract/storage.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`storageUpload actor ${name} not provided`));

/** Typed placeholders; provided.ts gives the real API calls, tests give deferred fakes. */
export const storageUploadActors = {
  loadFiles: fromPromise<StorageFile[]>(notProvided('loadFiles')),
  uploadFile: fromPromise<StorageFile, { file: File }>(notProvided('uploadFile')),
  deleteFile: fromPromise<void, { name: string }>(notProvided('deleteFile')),
};
