import { getApiScope } from '../../api/client.ts';
import { intentsExportFileName } from '../../api/contract/intents.ts';
import {
  removeIntent,
  loadIntents,
  loadIntentsCsv,
  importIntentsFromFile,
  insertIntent,
  updateIntent,
} from '../../api/intents.ts';
import { loadReactions } from '../../api/reactions.ts';
import { loadEvaluation } from '../../api/training.ts';
import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import type { IntentsLoad } from './actors.ts';
import { intentsListMachine } from './machine.ts';
import { prepareSearch } from './search.ts';
import { reactedIntentIds } from './selectors.ts';
import { noticeActions } from '../../console/notices.ts';

export const providedIntentsListMachine = intentsListMachine.provide({
  actors: {
    loadIntents: fromPromise<IntentsLoad>(async () => {
      const [intents, evaluation, reactions] = await Promise.all([
        loadIntents(),
        loadEvaluation(),
        // A user who may not read the reactions still gets the intents, without the "No reaction" marks.
        loadReactions().catch(() => null),
      ]);
      prepareSearch(intents);
      return { intents, evaluation, reacted: reactions && reactedIntentIds(intents, reactions) };
    }),
    insertIntent: fromPromise(({ input }) => insertIntent(input.name)),
    renameIntent: fromPromise(({ input }) => updateIntent(input.id, input.name)),
    deleteIntent: fromPromise(({ input }) => removeIntent(input.id)),
    exportIntents: fromPromise<unknown>(async () => {
      const csv = await loadIntentsCsv();
      saveFile(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        intentsExportFileName(getApiScope().projectId ?? 0),
      );
    }),
    importIntents: fromPromise(({ input }) => importIntentsFromFile(input.file)),
  },
  actions: noticeActions,
});
