import { fromPromise } from 'xstate';

const notProvided = (name: string) => () => Promise.reject(new Error(`polarity actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const polarityActors = {
  /** PUT /intent/-1 with the twin's name. */
  createTwin: fromPromise<{ id: number }, { name: string }>(notProvided('createTwin')),
  deleteTwin: fromPromise<unknown, { id: number }>(notProvided('deleteTwin')),
  /** PUT /intents/template-negation: the typed negative template's positive variant. */
  negateTemplate: fromPromise<string, { template: string }>(notProvided('negateTemplate')),
  /** Adds the negative template to the twin and the positive one to the intent. */
  addBoth: fromPromise<unknown, { intentId: number; twinId: number; negative: string; positive: string }>(
    notProvided('addBoth'),
  ),
};
