import { getApiScope } from '../../api/client.ts';
import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import { loadKnowledges } from '../../api/knowledges.ts';
import {
  removeQaTraining,
  loadQaTrainingsCsv,
  loadQaEvaluation,
  loadQaTrainings,
  importQaTrainingsFromFile,
  startQaEvaluation,
  saveQaTraining,
} from '../../api/qaTrainings.ts';
import { qaTrainingsExportFileName } from '../../api/contract/qa-trainings.ts';
import { entryLabel } from '../knowledgeEntries/label.ts';
import type { JobAnswer } from '../knowledgeJob/actors.ts';
import { knowledgeJobMachine } from '../knowledgeJob/machine.ts';
import { qaTrainingsMachine } from '../qaTrainings/machine.ts';
import { qaTrainingsScreenMachine } from './machine.ts';
import { noticeActions } from '../../console/notices.ts';
import { orEmpty } from '../../api/orEmpty.ts';

/** The QA trainings screen's charts with their real calls. */
export const providedQaTrainingsScreenMachine = qaTrainingsScreenMachine.provide({
  actors: {
    trainings: qaTrainingsMachine.provide({
      actors: {
        loadTrainings: fromPromise(async () => {
          const [trainings, entries] = await Promise.all([loadQaTrainings(), orEmpty(loadKnowledges())]);
          return { trainings, entries: entries.map((e) => ({ id: e.id, label: entryLabel(e) })) };
        }),
        saveTraining: fromPromise(({ input: { id, ...body } }) => saveQaTraining(id, body)),
        deleteTraining: fromPromise(({ input }) => removeQaTraining(input.id)),
        importTrainings: fromPromise(async ({ input }) => ({
          message: (await importQaTrainingsFromFile(input.file)).message,
        })),
        exportTrainings: fromPromise<unknown>(async () => {
          const csv = await loadQaTrainingsCsv();
          saveFile(
            new Blob([csv], { type: 'text/csv;charset=utf-8' }),
            qaTrainingsExportFileName(getApiScope().projectId ?? 0),
          );
        }),
      },
      actions: noticeActions,
    }),
    evaluation: knowledgeJobMachine.provide({
      actors: {
        loadStatus: fromPromise<JobAnswer>(async () => {
          const { status, result } = await loadQaEvaluation();
          return { status, detail: result };
        }),
        submitJob: fromPromise(async () => ({ job_id: (await startQaEvaluation()).job_id })),
      },
      actions: noticeActions,
    }),
  },
});
