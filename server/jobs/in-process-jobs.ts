import type { Db } from '../db/database.ts';
import { type JobHandler, JobRunner, type JobRunnerOptions } from './job-runner.ts';
import { TRAIN_DRAFT_JOB, trainDraftJob } from './train-draft-job.ts';

/** Every kind of job and its handler. A new kind adds one line. */
export const jobHandlers: Record<string, JobHandler> = {
  [TRAIN_DRAFT_JOB]: trainDraftJob,
};

/**
 * The server's own runner, one per database (tests open many). `JOBS_IN_PROCESS=0` leaves every job to
 * separate worker processes (`node server/jobs/worker-main.ts`), e.g. NLU workers beside web servers.
 */
const runners = new WeakMap<Db, JobRunner>();

export function startInProcessJobs(db: Db, options: JobRunnerOptions = {}): JobRunner {
  let runner = runners.get(db);
  if (!runner) {
    runner = new JobRunner(db, jobHandlers, options);
    runners.set(db, runner);
  }
  return runner.start();
}

/** A job was queued here: look for it now rather than at the next poll. */
export function kickJobs(db: Db): void {
  runners.get(db)?.kick();
}

export async function stopInProcessJobs(db: Db): Promise<void> {
  const runner = runners.get(db);
  runners.delete(db);
  await runner?.stop();
}

export const inProcessRunner = (db: Db): JobRunner | undefined => runners.get(db);
