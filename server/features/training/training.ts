import type { TrainingStatus } from '../../../src/api/contract/training.ts';
import type { Db } from '../../db/database.ts';
import { type Job, enqueueJob, latestJob } from '../../jobs/job-queue.ts';
import { TRAIN_DRAFT_JOB } from './train-draft-job.ts';
import type { ModelCache } from './model-cache.ts';
import { bumpDraftModelVersion, draftModelInfo } from './model-store.ts';
import { loadTrainingData, trainingDataHash } from './training-data.ts';

/** GET /run/train: queue the draft's training (a waiting one is reused). */
export async function queueDraftTraining(db: Db, projectId: number): Promise<Job> {
  const job = await enqueueJob(db, { kind: TRAIN_DRAFT_JOB, projectId, coalesce: true });
  return job;
}

/**
 * Where the draft stands: the latest training job, when the model and evaluation were made, and staleness.
 * `currentHash`: the caller already holds the training data (the deploy diff does), so it is not read again.
 */
export async function trainingStatus(db: Db, projectId: number, currentHash?: string): Promise<TrainingStatus> {
  const job = await latestJob(db, projectId, TRAIN_DRAFT_JOB);
  const model = await draftModelInfo(db, projectId);
  const evaluation = await db
    .selectFrom('nlu_evaluations')
    .select('finished_at')
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  currentHash ??= trainingDataHash(await loadTrainingData(db, projectId));
  return {
    state: job ? job.status : model ? 'done' : 'none',
    job_id: job?.id ?? null,
    error: job?.status === 'failed' ? job.error : null,
    trained_at: model ? new Date(model.trained_at).toISOString() : null,
    evaluated_at: evaluation ? new Date(evaluation.finished_at).toISOString() : null,
    stale: !model || model.data_hash !== currentHash,
  };
}

/** GET /worker/reload: this process drops its cached draft; the bumped version tells every other one. */
export async function reloadDraftModel(db: Db, models: ModelCache, projectId: number): Promise<void> {
  models.dropDraft(projectId);
  await bumpDraftModelVersion(db, projectId);
}
