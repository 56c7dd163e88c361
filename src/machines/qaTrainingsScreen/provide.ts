import { getApiScope } from '../../api/client.ts';
import { fromPromise } from 'xstate';
import { saveFile } from '../../ui/saveFile.ts';
import { getKnowledges } from '../../api/knowledges.ts';
import {
  deleteQaTraining,
  exportQaTrainings,
  getQaEvaluation,
  getQaTrainings,
  importQaTrainings,
  runQaEvaluation,
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
          const [trainings, entries] = await Promise.all([getQaTrainings(), orEmpty(getKnowledges())]);
          return { trainings, entries: entries.map((e) => ({ id: e.id, label: entryLabel(e) })) };
        }),
        saveTraining: fromPromise(({ input: { id, ...body } }) => saveQaTraining(id, body)),
        deleteTraining: fromPromise(({ input }) => deleteQaTraining(input.id)),
        importTrainings: fromPromise(async ({ input }) => ({ message: (await importQaTrainings(input.file)).message })),
        exportTrainings: fromPromise<unknown>(async () => {
          const csv = await exportQaTrainings();
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
          const { status, result } = await getQaEvaluation();
          return { status, detail: result };
        }),
        submitJob: fromPromise(async () => ({ job_id: (await runQaEvaluation()).job_id })),
      },
      actions: noticeActions,
    }),
  },
});
