import { fromPromise } from 'xstate';
import type { DoNotCallEntry } from '../../api/contract/do-not-call.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`doNotCall actor ${name} not provided`));

/** Typed placeholders; provide.ts gives the real calls, tests give deferred fakes. */
export const doNotCallActors = {
  loadList: fromPromise<DoNotCallEntry[]>(notProvided('loadList')),
  addEntry: fromPromise<unknown, { destination: string; note: string }>(notProvided('addEntry')),
  removeEntry: fromPromise<unknown, { id: number }>(notProvided('removeEntry')),
  importFile: fromPromise<{ added: number; already_listed: number }, { file: File }>(notProvided('importFile')),
};
