import { parentPort } from 'node:worker_threads';
import {
  type Evaluation,
  type TrainingData,
  evaluateProject,
  trainModel,
  withDefaultThreshold,
} from '../../nlu/index.ts';

/**
 * A worker thread that trains a draft model, hands its bytes over, then cross-validates, so that a long
 * training never blocks the server's event loop (the engine spreads each fit over worker threads of its own).
 */
export interface TrainThreadRequest {
  data: TrainingData;
  /** The project's threshold set by hand, or null: the one its cross-validation supports. */
  threshold: number | null;
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
    // Usable at once (with the default threshold) while the cross-validation runs.
    post({ stage: 'model', bytes });
    const evaluation = await evaluateProject(request.data, {
      folds: request.folds,
      seed: request.seed,
      threshold: request.threshold ?? undefined,
    });
    // The model then carries the threshold its project's cross-validation chose (used unless set by hand).
    const withThreshold = withDefaultThreshold(bytes, evaluation.project_threshold);
    post({ stage: 'model', bytes: withThreshold }, [withThreshold.buffer as ArrayBuffer]);
    post({ stage: 'evaluation', evaluation });
  } catch (error) {
    post({ stage: 'error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
