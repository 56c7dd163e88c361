import { fromPromise } from 'xstate';
import { removeStorageFile, downloadStorageFile, loadStorageFiles, uploadStorageFile } from '../../api/storage.ts';
import { storageUploadMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

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
    download: (_, params) => {
      downloadStorageFile(params.name).catch(() => showNotice({ title: 'Cannot download file!', color: 'red' }));
    },
  },
});
