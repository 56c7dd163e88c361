import { fromPromise } from 'xstate';
import { loadStorageFiles } from '../../api/storage.ts';
import {
  removeKnowledge,
  loadKnowledges,
  loadReindexStatus,
  importKnowledgeFromCsv,
  importKnowledgeFromFile,
  importKnowledgeFromUrl,
  insertKnowledge,
  startReindex,
  askKnowledge,
  updateKnowledge,
} from '../../api/knowledges.ts';
import { knowledgeEntriesMachine } from '../knowledgeEntries/machine.ts';
import { knowledgeImportMachine } from '../knowledgeImport/machine.ts';
import type { JobAnswer } from '../knowledgeJob/actors.ts';
import { knowledgeJobMachine } from '../knowledgeJob/machine.ts';
import { knowledgeQuestionMachine } from '../knowledgeQuestion/machine.ts';
import { knowledgeScreenMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';

/** The knowledge base screen's charts with their real calls. */
export const providedKnowledgeScreenMachine = knowledgeScreenMachine.provide({
  actors: {
    entries: knowledgeEntriesMachine.provide({
      actors: {
        loadEntries: fromPromise(() => loadKnowledges()),
        saveEntry: fromPromise(({ input: { id, ...body } }) =>
          id === null ? insertKnowledge(body) : updateKnowledge(id, body),
        ),
        deleteEntry: fromPromise(({ input }) => removeKnowledge(input.id)),
      },
      actions: noticeActions,
    }),
    importer: knowledgeImportMachine.provide({
      actors: {
        loadFiles: fromPromise(() => loadStorageFiles()),
        importKnowledge: fromPromise(async ({ input }) => {
          if (input.source === 'csv') return { message: (await importKnowledgeFromCsv(input.csv)).message };
          const entry =
            input.source === 'url'
              ? await importKnowledgeFromUrl(input.url)
              : await importKnowledgeFromFile(input.file);
          return { message: entry.title || entry.link || entry.file || '' };
        }),
      },
      actions: noticeActions,
    }),
    reindex: knowledgeJobMachine.provide({
      actors: {
        loadStatus: fromPromise<JobAnswer>(async () => {
          const status = await loadReindexStatus();
          return { status, detail: status };
        }),
        submitJob: fromPromise(async () => ({ job_id: (await startReindex()).job_id })),
      },
      actions: noticeActions,
    }),
    question: knowledgeQuestionMachine.provide({
      actors: { search: fromPromise(({ input }) => askKnowledge(input.question)) },
    }),
  },
});
