import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import { downloadUsersLogsCsv, loadUsersLogs } from '../../api/usersLogs.ts';
import { usersLogsMachine } from './machine.ts';
import { notifyFailure, showNotice } from '../../console/notices.ts';

/** The users-log machine with its real side effects: the API, a browser download, Mantine notifications. */
export const providedUsersLogsMachine = usersLogsMachine.provide({
  actors: {
    loadPage: fromPromise(({ input }) => loadUsersLogs(input)),
    download: fromPromise(async ({ input }) => {
      const { blob, fileName } = await downloadUsersLogsCsv(input);
      saveFile(blob, fileName);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
    notifyFailure: (_, params) => notifyFailure(params.error, params.title),
  },
});
