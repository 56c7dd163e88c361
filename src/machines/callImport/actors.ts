import { fromPromise } from 'xstate';

const notProvided = (name: string) => () => Promise.reject(new Error(`callImport actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives the real upload, tests give deferred fakes. */
export const callImportActors = {
  /** POST /outbound/campaigns/{id}/upload; all or nothing: rejects with every problem, line by line. */
  uploadCalls: fromPromise<{ calls_imported: number }, { campaignId: number; file: File }>(notProvided('uploadCalls')),
};
