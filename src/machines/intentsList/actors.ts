import { fromPromise } from 'xstate';
import type { Intent } from '../../api/contract/intents.ts';
import type { EvaluationAnswer } from '../training/actors.ts';

export interface IntentsLoad {
  intents: Intent[];
  evaluation: EvaluationAnswer | null;
  /** Ids of the intents some reaction lists (null: the reactions could not be read, e.g. no GET /reactions). */
  reacted: number[] | null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`intentsList actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const intentsListActors = {
  loadIntents: fromPromise<IntentsLoad>(notProvided('loadIntents')),
  insertIntent: fromPromise<{ id: number }, { name: string }>(notProvided('insertIntent')),
  renameIntent: fromPromise<{ id: number }, { id: number; name: string }>(notProvided('renameIntent')),
  deleteIntent: fromPromise<unknown, { id: number }>(notProvided('deleteIntent')),
  /** Fetches the CSV and saves it as intents_{project_id}.csv. */
  exportIntents: fromPromise<unknown>(notProvided('exportIntents')),
  importIntents: fromPromise<unknown, { file: File }>(notProvided('importIntents')),
};
