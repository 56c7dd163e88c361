import { fromPromise } from 'xstate';
import { deleteFile, downloadFile, getStorage, uploadFile } from '../../api/storage.ts';
import { storageUploadMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** The storage machine with its real side effects: the API, Mantine notifications, a browser download. */
export const providedStorageUploadMachine = storageUploadMachine.provide({
  actors: {
    loadFiles: fromPromise(() => getStorage()),
    uploadFile: fromPromise(({ input }) => uploadFile(input.file)),
    deleteFile: fromPromise(async ({ input }) => {
      await deleteFile(input.name);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    download: (_, params) => {
      downloadFile(params.name).catch(() => showNotice({ title: 'Cannot download file!', color: 'red' }));
    },
  },
});
