import { fromPromise } from 'xstate';
import { removeStorageFile, downloadStorageFile, loadStorageFiles, uploadStorageFile } from '../../api/storage.ts';
import { storageUploadMachine } from './machine.ts';
import { notifyFailure, showNotice } from '../../console/notices.ts';

/** The storage machine with its real side effects: the API, Mantine notifications, a browser download. */
export const providedStorageUploadMachine = storageUploadMachine.provide({
  actors: {
    loadFiles: fromPromise(() => loadStorageFiles()),
    uploadFile: fromPromise(({ input }) => uploadStorageFile(input.file)),
    deleteFile: fromPromise(async ({ input }) => {
      await removeStorageFile(input.name);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
    download: (_, params) => {
      // An expired session shows the login (the client's table), not a second word.
      downloadStorageFile(params.name).catch((error: unknown) => notifyFailure(error, 'Cannot download file!'));
    },
  },
});
