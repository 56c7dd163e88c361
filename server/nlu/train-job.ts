import { trainBinarySvm } from './linear-svm.ts';
import type { SvmOptions } from './linear-svm.ts';
import type { SparseMatrix } from './sparse-matrix.ts';

/** What a training worker receives: the shared matrix, the labels and the classes it trains. */
export interface TrainJob {
  matrix: SparseMatrix;
  labels: Int32Array;
  classes: number[];
  svm: SvmOptions;
}

/** One-vs-rest: one binary SVM per class; runs in a worker or, for tiny jobs, in the caller's thread. */
export function runTrainJob(job: TrainJob): Float32Array[] {
  const { matrix, labels, classes, svm } = job;
  return classes.map((label) =>
    trainBinarySvm(matrix, (row) => labels[row] === label, { ...svm, seed: svm.seed + label }),
  );
}
