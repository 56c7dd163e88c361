import { parentPort } from 'node:worker_threads';
import { runTrainJob } from './train-job.ts';
import type { TrainJob } from './train-job.ts';

// A worker thread of the training pool: trains the one-vs-rest classes it is given and returns their weights.
parentPort!.on('message', (message: { id: number; job: TrainJob }) => {
  try {
    const weights = runTrainJob(message.job);
    parentPort!.postMessage(
      { id: message.id, weights },
      weights.map((w) => w.buffer as ArrayBuffer),
    );
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
