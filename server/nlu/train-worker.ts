import { parentPort } from 'node:worker_threads';
import { lookupColumn } from './hash-table.ts';
import type { ModelParts } from './model-parts.ts';
import { fitModel } from './train.ts';
import type { WorkerRequest } from './train-messages.ts';
import { runTrainJob } from './train-job.ts';
import { featurizeShare, weighRows } from './training-matrix.ts';
import type { FeaturizedShare } from './training-matrix.ts';

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
      const trained = runTrainJob(request.job);
      // The weights alone, not the whole solver memory they sit in.
      const w = trained.w.slice(0, (trained.columns + 1) * trained.stride);
      return { result: { ...trained, w }, transfer: [w.buffer as ArrayBuffer] };
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
