import type { FeaturizeJob } from './featurize-job.ts';
import type { HashTable } from './hash-table.ts';
import type { TrainJob } from './train-job.ts';
import type { FitOptions } from './train-options.ts';
import type { TrainingExamples } from './training-examples.ts';
import type { EntityDefinition } from './types.ts';

/** A whole model fitted in one thread (an evaluation fold, while another thread fits the next). */
export interface FitRequest {
  examples: TrainingExamples;
  language: string;
  entities: readonly EntityDefinition[];
  options: FitOptions;
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
