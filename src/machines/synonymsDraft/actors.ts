import { fromPromise } from 'xstate';
import type { Synonym } from '../../api/contract/synonyms.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`synonymsDraft actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real ones, tests give fakes. */
export const synonymsDraftActors = {
  loadSynonyms: fromPromise<Synonym[]>(notProvided('loadSynonyms')),
  /** PUT /synonyms with the whole list. */
  saveSynonyms: fromPromise<unknown, { synonyms: Synonym[] }>(notProvided('saveSynonyms')),
};
