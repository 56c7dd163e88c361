import { parentPort } from 'node:worker_threads';
import { type Evaluation, type TrainingData, evaluateProject, trainModel } from '../nlu/index.ts';

/**
 * A worker thread that trains a draft model, hands its bytes over, then cross-validates, so that a long
 * training never blocks the server's event loop (the engine spreads each fit over worker threads of its own).
 */
export interface TrainThreadRequest {
  data: TrainingData;
  threshold: number;
  folds: number;
  seed: number;
}

export type TrainThreadMessage =
  | { stage: 'model'; bytes: Uint8Array }
  | { stage: 'evaluation'; evaluation: Evaluation }
  | { stage: 'error'; error: string };

const post = (message: TrainThreadMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

parentPort?.on('message', async (request: TrainThreadRequest) => {
  try {
    const bytes = await trainModel(request.data);
    post({ stage: 'model', bytes }, [bytes.buffer as ArrayBuffer]);
    const evaluation = await evaluateProject(request.data, {
      folds: request.folds,
      seed: request.seed,
      threshold: request.threshold,
    });
    post({ stage: 'evaluation', evaluation });
  } catch (error) {
    post({ stage: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
