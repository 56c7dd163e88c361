import { parentPort } from 'node:worker_threads';
import { documentFrequencyOf, featurizeTexts, vectorizePacked } from './featurize-job.ts';
import type { FeaturizeJob } from './featurize-job.ts';
import type { FeatureHashes } from './features.ts';
import type { HashTable } from './hash-table.ts';
import { runTrainJob } from './train-job.ts';
import type { TrainJob } from './train-job.ts';

/**
 * A worker thread of the training pool. Three requests: featurise a share of the sentences (kept here,
 * answering their document frequencies), vectorise them once the vocabulary is known, and train
 * one-vs-rest classes.
 */
export type WorkerRequest =
  | { id: number; kind: 'featurize'; key: number; job: FeaturizeJob }
  | { id: number; kind: 'vectorize'; key: number; table: HashTable; idf: Float32Array; charWeight: number }
  | { id: number; kind: 'train'; job: TrainJob };

const featurized = new Map<number, FeatureHashes[]>();

function handle(request: WorkerRequest): { result: unknown; transfer: ArrayBuffer[] } {
  switch (request.kind) {
    case 'featurize': {
      const docs = featurizeTexts(request.job);
      featurized.set(request.key, docs);
      const result = documentFrequencyOf(docs);
      return { result, transfer: [result.hashes.buffer as ArrayBuffer, result.counts.buffer as ArrayBuffer] };
    }
    case 'vectorize': {
      const docs = featurized.get(request.key) ?? [];
      featurized.delete(request.key);
      const result = vectorizePacked(docs, request.table, request.idf, request.charWeight);
      return { result, transfer: [result.lengths.buffer, result.index.buffer, result.value.buffer] as ArrayBuffer[] };
    }
    case 'train': {
      const weights = runTrainJob(request.job);
      return { result: weights, transfer: weights.map((w) => w.buffer as ArrayBuffer) };
    }
  }
}

parentPort!.on('message', (request: WorkerRequest) => {
  try {
    const { result, transfer } = handle(request);
    parentPort!.postMessage({ id: request.id, result }, transfer);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
