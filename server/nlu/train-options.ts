import type { Calibration } from './calibration.ts';
import type { FeatureSettings } from './features.ts';
import type { Solver } from './train-job.ts';

/** What shapes a fitted model (TrainOptions less the threads): what a worker thread is given to fit one. */
export interface FitOptions {
  /** Crammer–Singer (default) or one-vs-rest linear SVM. */
  solver?: Solver;
  /** SVM regularisation: larger fits the templates more closely (default by solver, DEFAULT_C). */
  C?: number;
  /** Solver tolerance (default DEFAULT_EPSILON). */
  epsilon?: number;
  /** C multiplier for each class's own examples (one-vs-rest only). */
  positiveWeight?: number;
  features?: Partial<FeatureSettings>;
  /** Features seen in fewer sentences than this are dropped. */
  minDf?: number;
  /** Cap of sentences one template expands to. */
  maxExpansions?: number;
  calibration?: Calibration;
  /** Threshold stored in the model and used when classify() is not given one. */
  defaultThreshold?: number;
  seed?: number;
}
