import type { EvaluationAnswer } from './actors.ts';

/** The job we submitted (or a later one) finished: its evaluation is stored. */
export const isTrained = (jobId: number | null, answer: EvaluationAnswer): boolean =>
  answer.status.state === 'done' && (jobId === null || (answer.status.job_id ?? 0) >= jobId);

export const hasFailed = (jobId: number | null, answer: EvaluationAnswer): boolean =>
  answer.status.state === 'failed' && (jobId === null || (answer.status.job_id ?? 0) >= jobId);
