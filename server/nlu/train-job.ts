import { trainCrammerSinger } from './crammer-singer.ts';
import { trainBinarySvm } from './linear-svm.ts';
import type { SvmOptions } from './linear-svm.ts';
import { stridedWeights } from './model-parts.ts';
import type { TrainedWeights } from './model-parts.ts';
import type { SolverMemory } from './solver-memory.ts';
import type { SparseMatrix } from './sparse-matrix.ts';

/** One joint multiclass problem, or one binary SVM per class (which can be split across threads). */
export type Solver = 'crammer-singer' | 'one-vs-rest';

/** What a training worker receives: the shared matrix, the labels and the classes it trains. */
export interface TrainJob {
  matrix: SparseMatrix;
  labels: Int32Array;
  /** Crammer–Singer trains all classes at once: then `classes` is every class, 0 to K - 1 in order. */
  classes: number[];
  solver: Solver;
  svm: SvmOptions;
}

/**
 * Runs in a worker or, for small jobs, in the caller's thread; weights come back in `classes` order. `memory`: where
 * the caller's thread built the matrix for Crammer–Singer (never sent to a worker).
 */
export function runTrainJob(job: TrainJob, memory?: SolverMemory): TrainedWeights {
  const { matrix, labels, classes, svm } = job;
  if (job.solver === 'crammer-singer') return trainCrammerSinger(matrix, labels, classes.length, svm, memory);
  const perClass = classes.map((label) =>
    trainBinarySvm(matrix, (row) => labels[row] === label, { ...svm, seed: svm.seed + label }),
  );
  return stridedWeights(perClass, matrix.columns);
}
