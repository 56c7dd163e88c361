import { fromPromise } from 'xstate';
import type { StorageFile } from '../../api/contract/storage.ts';
import type { ImportRequest } from './request.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`knowledgeImport actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real API calls, tests give deferred fakes. */
export const knowledgeImportActors = {
  /** The project's files (GET /storage), to pick one to extract. */
  loadFiles: fromPromise<StorageFile[]>(notProvided('loadFiles')),
  /** POST /knowledges/import-url, POST /knowledges/import-file or PUT /knowledges/import (CSV); answers what to tell. */
  importKnowledge: fromPromise<{ message: string }, ImportRequest>(notProvided('importKnowledge')),
};
