import { callApi } from './client.ts';
import { getEvaluation, reloadWorker, runTrain } from './contract/training.ts';

/** Queues training of the draft model; poll getEvaluation until its status is done or failed. */
export const startTraining = () => callApi(runTrain);

export const loadEvaluation = () => callApi(getEvaluation);

/** Pause between two checks of the training job. */
const TRAIN_POLL_MS = 1000;

/**
 * GET /run/train, then GET /intents/evaluation until that job (or a later one) is done or failed. `projectId`
 * names another project than the current one (the first run trains the project it has just created).
 */
export async function trainAndWait(projectId: number | null, signal: AbortSignal): Promise<void> {
  const query = projectId === null ? {} : { project_id: projectId };
  const { job_id } = await callApi(runTrain, { query });
  while (!signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, TRAIN_POLL_MS));
    const { status } = await callApi(getEvaluation, { query });
    if (status.job_id === null || status.job_id < job_id) continue;
    if (status.state === 'failed') throw new Error(status.error ?? 'Training failed');
    if (status.state === 'done') return;
  }
}

export const refreshWorker = () => callApi(reloadWorker);
