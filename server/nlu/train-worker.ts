import { parentPort } from 'node:worker_threads';
import type { FeaturizeJob } from './featurize-job.ts';
import { lookupColumn } from './hash-table.ts';
import type { HashTable } from './hash-table.ts';
import type { ModelParts } from './model-parts.ts';
import { fitModel } from './train.ts';
import type { TrainOptions } from './train.ts';
import { runTrainJob } from './train-job.ts';
import type { TrainJob } from './train-job.ts';
import type { TrainingExamples } from './training-examples.ts';
import { featurizeShare, weighRows } from './training-matrix.ts';
import type { FeaturizedShare } from './training-matrix.ts';
import type { EntityDefinition } from './types.ts';

/** A whole model fitted in one thread (an evaluation fold, while another thread fits the next). */
export interface FitRequest {
  examples: TrainingExamples;
  language: string;
  entities: readonly EntityDefinition[];
  options: Omit<TrainOptions, 'pool' | 'workers'>;
}

/**
 * A worker thread of the training pool. Four requests: featurise a share of the sentences (kept here,
 * answering their document frequencies), vectorise them once the vocabulary is known, train one-vs-rest
 * classes or one joint problem, and fit a whole model in this thread.
 */
export type WorkerRequest =
  | { id: number; kind: 'featurize'; key: number; job: FeaturizeJob }
  | { id: number; kind: 'vectorize'; key: number; table: HashTable; idf: Float32Array; charWeight: number }
  | { id: number; kind: 'train'; job: TrainJob }
  | { id: number; kind: 'fit'; fit: FitRequest };

const featurized = new Map<number, FeaturizedShare>();

async function handle(request: WorkerRequest): Promise<{ result: unknown; transfer: ArrayBuffer[] }> {
  switch (request.kind) {
    case 'featurize': {
      const share = featurizeShare(request.job);
      featurized.set(request.key, share);
      const result = share.frequency.export();
      return { result, transfer: [result.hashes.buffer as ArrayBuffer, result.counts.buffer as ArrayBuffer] };
    }
    case 'vectorize': {
      const share = featurized.get(request.key);
      featurized.delete(request.key);
      if (!share) throw new Error(`No featurised sentences under key ${request.key}`);
      // This thread's columns -> the vocabulary's: one lookup per distinct feature, not per occurrence.
      const { hashes, size } = share.frequency;
      const remap = new Int32Array(size);
      for (let column = 0; column < size; column++) remap[column] = lookupColumn(request.table, hashes[column]!);
      const rows = weighRows(share, remap, request.idf, request.charWeight);
      const entries = rows.rowStart[rows.rowStart.length - 1]!;
      const result = { ...rows, columnIndex: rows.columnIndex.slice(0, entries), value: rows.value.slice(0, entries) };
      return {
        result,
        transfer: [result.rowStart.buffer, result.columnIndex.buffer, result.value.buffer] as ArrayBuffer[],
      };
    }
    case 'train': {
      const weights = runTrainJob(request.job);
      return { result: weights, transfer: weights.map((w) => w.buffer as ArrayBuffer) };
    }
    case 'fit': {
      const { examples, language, entities, options } = request.fit;
      const parts: ModelParts = await fitModel(examples, language, entities, { ...options, workers: 1 });
      return {
        result: parts,
        transfer: [parts.weights.buffer, parts.scales.buffer, parts.bias.buffer] as ArrayBuffer[],
      };
    }
  }
}

parentPort!.on('message', async (request: WorkerRequest) => {
  try {
    const { result, transfer } = await handle(request);
    parentPort!.postMessage({ id: request.id, result }, transfer);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
