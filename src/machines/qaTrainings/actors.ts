import { fromPromise } from 'xstate';
import type { QaTrainingItem } from '../../api/contract/qa-trainings.ts';
import type { QaForm } from './form.ts';

/** An entry a question can be tied to, as the picker lists it. */
export interface EntryOption {
  id: number;
  label: string;
}

export interface QaTrainingsLoad {
  trainings: QaTrainingItem[];
  entries: EntryOption[];
}

const notProvided = (name: string) => () => Promise.reject(new Error(`qaTrainings actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real API calls, tests give deferred fakes. */
export const qaTrainingsActors = {
  /** GET /qa-trainings and GET /knowledges (the entries a question can be tied to). */
  loadTrainings: fromPromise<QaTrainingsLoad>(notProvided('loadTrainings')),
  saveTraining: fromPromise<{ id: number }, { id: number | null; question: string; knowledge_id: number | null }>(
    notProvided('saveTraining'),
  ),
  deleteTraining: fromPromise<unknown, { id: number }>(notProvided('deleteTraining')),
  /** PUT /qa-trainings/import (CSV); answers the server's summary. */
  importTrainings: fromPromise<{ message: string }, { file: File }>(notProvided('importTrainings')),
  /** GET /qa-trainings/export, saved as qa_trainings_{project_id}.csv. */
  exportTrainings: fromPromise<unknown>(notProvided('exportTrainings')),
};

export type { QaForm };
