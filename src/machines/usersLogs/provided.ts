import { fromPromise } from 'xstate';
import { downloadUsersLogsCsv, getUsersLogs } from '../../api/usersLogs.ts';
import { showNotice } from '../provide.ts';
import { usersLogsMachine } from './machine.ts';

/** Hands a downloaded file to the browser. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The users-log machine with its real side effects: the API, a browser download, Mantine notifications. */
export const providedUsersLogsMachine = usersLogsMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => getUsersLogs(input)),
    download: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadUsersLogsCsv(input);
      saveFile(blob, fileName);
    }),
  },
  actions: { notify: (_, params) => showNotice(params) },
});
