import { DEFAULT_CALIBRATION } from './calibration.ts';
import { DEFAULT_FEATURES } from './features.ts';
import { getLanguage } from './languages/registry.ts';
import type { ModelParts } from './model-parts.ts';
import { quantiseWeights } from './model-parts.ts';
import { trainingMatrix } from './training-matrix.ts';
import { packedMatrix, TrainPool } from './train-pool.ts';
import { runTrainJob } from './train-job.ts';
import type { Solver, TrainJob } from './train-job.ts';
import type { FitOptions } from './train-options.ts';
import type { SolverMemory } from './solver-memory.ts';
import type { SparseMatrix } from './sparse-matrix.ts';
import type { Vocabulary } from './tfidf.ts';
import { positiveTwin } from './clashes.ts';
import type { EntityDefinition, IntentRef, TrainingData } from './types.ts';

/** How to train: the fit's options, and the threads to train in. */
export interface TrainOptions extends FitOptions {
  /** Worker threads (default: 2, or fewer cores); 1 trains in the calling thread. */
  workers?: number;
  /** Work (sentences × intents) from which a single Crammer–Singer fit featurises in the threads (tests lower it). */
  threadWork?: number;
  /** Reuse a pool across several trainings (evaluation folds); the caller closes it. */
  pool?: TrainPool;
}

/**
 * From this much work (sentences × intents) a single Crammer–Singer fit featurises in the worker threads. Below
 * it the calling thread does everything: measured in fresh processes, BANKING77 (770,000), HWU64 (640,000) and
 * CLINC150 (2,250,000) trained in 1.6–1.7 s / 1.1–1.5 s / 3.6 s in one thread against 1.9–2.8 s / 1.9–2.0 s /
 * 4.3–4.7 s with two (the threads' CPU time was 0.4–0.7 s more: each loads and compiles the engine, and the
 * solver, one joint problem, runs in one thread either way). Evaluation folds still run side by side.
 */
export const SINGLE_FIT_THREAD_WORK = 4_000_000;

/** The default confidence threshold, chosen on CLINC150's validation splits (bench/nlu.ts reports it). */
export const DEFAULT_THRESHOLD = 0.45;
/**
 * Chosen on the validation splits (CLINC150 val, HWU64's held-out fifth, SNIPS valid and a held-out fifth
 * of its train): Crammer–Singer at liblinear's default C = 1 matched or beat one-vs-rest at C = 3.
 */
export const DEFAULT_C: Record<Solver, number> = { 'crammer-singer': 1, 'one-vs-rest': 3 };
export const DEFAULT_SOLVER: Solver = 'crammer-singer';
/**
 * Stopping tolerance of the solvers. liblinear's default is 0.1; 0.3 scored the same on the validation splits
 * (SNIPS valid 98.57% both, CLINC150 val 93.80% against 93.83%) in about 2.5 times fewer passes over the data.
 */
export const DEFAULT_EPSILON = 0.3;

/** Turns on the negation feature when the project has "[NEG]" intents (their twins differ by it). */
export function withProjectFeatures(data: TrainingData, options: TrainOptions): TrainOptions {
  const negation = options.features?.negation ?? data.intents.some((i) => positiveTwin(i.name) !== undefined);
  return { ...options, features: { ...options.features, negation } };
}

/** Fits the one-vs-rest linear SVM on labelled sentences and returns the model's parts (not serialised). */
export async function fitModel(
  examples: { intents: IntentRef[]; texts: readonly string[]; labels: Int32Array },
  language: string,
  entities: readonly EntityDefinition[],
  options: TrainOptions = {},
): Promise<ModelParts> {
  const features = { ...DEFAULT_FEATURES, ...options.features };
  const definition = getLanguage(language);
  const pool = options.pool ?? new TrainPool(options.workers);
  try {
    let vocabulary: Vocabulary;
    let matrix: SparseMatrix;
    let memory: SolverMemory | undefined;
    const featurize = { texts: examples.texts, language: definition.code, features, entities };
    const solver = options.solver ?? DEFAULT_SOLVER;
    const work = examples.texts.length * examples.intents.length;
    // The Crammer–Singer problem is solved in one thread, so only the features could share the work: below
    // SINGLE_FIT_THREAD_WORK starting the threads (each loads and compiles the engine) costs more than that.
    const threaded =
      pool.usesWorkers(examples.texts.length, examples.intents.length) &&
      (solver === 'one-vs-rest' || work >= (options.threadWork ?? SINGLE_FIT_THREAD_WORK));
    if (threaded) {
      // Large projects: both threads featurise and vectorise their share of the sentences.
      const prepared = await pool.vectorize(featurize, options.minDf ?? 1);
      vocabulary = prepared.vocabulary;
      matrix = packedMatrix(prepared.rows, vocabulary.size);
    } else {
      const classes = solver === 'crammer-singer' ? examples.intents.length : undefined;
      ({ vocabulary, matrix, memory } = trainingMatrix(featurize, options.minDf ?? 1, classes));
    }
    const labels = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, examples.labels.length)));
    labels.set(examples.labels);
    const job: TrainJob = {
      matrix,
      labels,
      classes: examples.intents.map((_, k) => k),
      solver,
      svm: {
        C: options.C ?? DEFAULT_C[solver],
        positiveWeight: options.positiveWeight ?? 1,
        epsilon: options.epsilon ?? DEFAULT_EPSILON,
        maxIterations: 1000,
        seed: options.seed ?? 1,
      },
    };
    const trained = threaded ? await pool.train(job) : runTrainJob(job, memory);
    const { weights, scales, bias } = quantiseWeights(trained);
    return {
      language: definition.code,
      intents: examples.intents,
      entities: [...entities],
      features,
      calibration: options.calibration ?? DEFAULT_CALIBRATION,
      defaultThreshold: options.defaultThreshold ?? DEFAULT_THRESHOLD,
      table: vocabulary.table,
      idf: vocabulary.idf,
      weights,
      scales,
      bias,
    };
  } finally {
    if (!options.pool) await pool.close();
  }
}
