import { fromPromise } from 'xstate';

export type JobState = 'none' | 'queued' | 'running' | 'done' | 'failed';

/** What every job status of the knowledge base says: its state, the job it is about, and a failure's reason. */
export interface JobStatus {
  state: JobState;
  job_id: number | null;
  error: string | null;
}

/** A status and what comes with it (the reindex report, the evaluation's figures), shown by the screen. */
export interface JobAnswer<TDetail = unknown> {
  status: JobStatus;
  detail: TDetail;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`knowledgeJob actor ${name} not provided`));

/** Typed placeholders; the chart's provide.ts gives reindex or evaluation calls, tests give deferred fakes. */
export const knowledgeJobActors = {
  /** GET /knowledges/reindex/status or GET /qa-trainings/evaluation. */
  loadStatus: fromPromise<JobAnswer>(notProvided('loadStatus')),
  /** GET /knowledges/reindex or POST /qa-trainings/evaluate: queues the job and answers at once. */
  submitJob: fromPromise<{ job_id: number }>(notProvided('submitJob')),
};
