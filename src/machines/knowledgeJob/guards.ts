import type { JobAnswer } from './actors.ts';

const isOurs = (jobId: number | null, answer: JobAnswer) =>
  jobId !== null && answer.status.job_id !== null && answer.status.job_id >= jobId;

/** The job we queued (or a later one) finished. */
export const jobFinished = (jobId: number | null, answer: JobAnswer): boolean =>
  isOurs(jobId, answer) && answer.status.state === 'done';

export const jobFailed = (jobId: number | null, answer: JobAnswer): boolean =>
  isOurs(jobId, answer) && answer.status.state === 'failed';

/** A job queued or running when the screen opened (someone else's, or ours from before a reload). */
export const jobActive = (answer: JobAnswer): boolean =>
  answer.status.state === 'queued' || answer.status.state === 'running';
