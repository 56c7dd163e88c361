import { fromPromise } from 'xstate';
import type { KnowledgeItem } from '../../api/contract/knowledges.ts';
import type { EntryForm } from './form.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`knowledgeEntries actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real API calls, tests give deferred fakes. */
export const knowledgeEntriesActors = {
  loadEntries: fromPromise<KnowledgeItem[]>(notProvided('loadEntries')),
  /** PUT /knowledges/-1 (form.id null) or /knowledges/{id}. */
  saveEntry: fromPromise<{ id: number }, EntryForm>(notProvided('saveEntry')),
  deleteEntry: fromPromise<unknown, { id: number }>(notProvided('deleteEntry')),
};
