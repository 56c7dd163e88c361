import { Worker } from 'node:worker_threads';
import type { Db } from '../../db/database.ts';
import type { Evaluation } from '../../nlu/index.ts';
import { storeDraftModel } from './model-store.ts';
import { readNluSettings } from '../settings/nlu-settings.ts';
import { loadTrainingData, trainingDataHash } from './training-data.ts';
import { storeEvaluation } from './evaluations.ts';
import type { Job } from '../../jobs/job-queue.ts';
import type { TrainThreadMessage, TrainThreadRequest } from './train-thread.ts';

export const TRAIN_DRAFT_JOB = 'train-draft';
export const EVALUATION_FOLDS = 5;
export const EVALUATION_SEED = 42;

/**
 * Trains then evaluates in a worker thread. `onModel` runs (and is awaited) as soon as the model exists,
 * before the cross-validation ends; resolves after `onEvaluation` has run.
 */
export function trainInThread(
  request: TrainThreadRequest,
  onModel: (bytes: Uint8Array) => Promise<void>,
  onEvaluation: (evaluation: Evaluation) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./train-thread.ts', import.meta.url));
    let settled = false;
    let chain = Promise.resolve();
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    worker.on('message', (message: TrainThreadMessage) => {
      chain = chain.then(async () => {
        if (settled) return;
        if (message.stage === 'model') await onModel(new Uint8Array(message.bytes));
        else if (message.stage === 'evaluation') {
          await onEvaluation(message.evaluation);
          settle();
        } else settle(new Error(message.error));
      });
      chain.catch((error) => settle(error));
    });
    worker.once('error', (error) => settle(error));
    worker.once('exit', (code) => chain.then(() => settle(new Error(`The training thread exited (${code}).`))));
    worker.postMessage(request);
  });
}

/**
 * The training job (issue 4 §6): read the project's data, train the draft model and store its bytes, then
 * run the 5-fold evaluation and store it. Both carry the hash of the data they were made from.
 */
export async function trainDraftJob(db: Db, job: Job): Promise<void> {
  const projectId = job.project_id;
  if (projectId === null) throw new Error('A training job needs a project.');
  const project = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  if (!project) return;
  const data = await loadTrainingData(db, projectId);
  const hash = trainingDataHash(data);
  const { threshold } = await readNluSettings(db, projectId);
  await trainInThread(
    { data, threshold, folds: EVALUATION_FOLDS, seed: EVALUATION_SEED },
    async (bytes) => {
      await storeDraftModel(db, projectId, bytes, hash);
    },
    async (evaluation) => {
      await storeEvaluation(db, projectId, evaluation, hash);
    },
  );
}
