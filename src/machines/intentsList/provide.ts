import { getApiScope } from '../../api/client.ts';
import { intentsExportFileName } from '../../api/contract/intents.ts';
import {
  deleteIntent,
  getIntents,
  getIntentsExport,
  importIntents,
  insertIntent,
  updateIntent,
} from '../../api/intents.ts';
import { getEvaluation } from '../../api/training.ts';
import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import type { IntentsLoad } from './actors.ts';
import { intentsListMachine } from './machine.ts';
import { prepareSearch } from './search.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedIntentsListMachine = intentsListMachine.provide({
  actors: {
    loadIntents: fromPromise<IntentsLoad>(async () => {
      const [intents, evaluation] = await Promise.all([getIntents(), getEvaluation()]);
      prepareSearch(intents);
      return { intents, evaluation };
    }),
    insertIntent: fromPromise(({ input }) => insertIntent(input.name)),
    renameIntent: fromPromise(({ input }) => updateIntent(input.id, input.name)),
    deleteIntent: fromPromise(({ input }) => deleteIntent(input.id)),
    exportIntents: fromPromise<unknown>(async () => {
      const csv = await getIntentsExport();
      saveFile(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        intentsExportFileName(getApiScope().projectId ?? 0),
      );
    }),
    importIntents: fromPromise(({ input }) => importIntents(input.file)),
  },
  actions: noticeActions,
});
