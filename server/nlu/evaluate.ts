import { detectClashes } from './clashes.ts';
import type { Clash } from './clashes.ts';
import { confusionSummary, intentMetrics } from './evaluation-metrics.ts';
import type { Confusion, IntentMetrics, TemplateResult } from './evaluation-metrics.ts';
import { NluModel } from './model.ts';
import { seededRandom, shuffleInPlace } from './seeded-random.ts';
import { DEFAULT_THRESHOLD, fitModel, withProjectFeatures } from './train.ts';
import type { TrainOptions } from './train.ts';
import { thresholdChoice } from './threshold.ts';
import type { ThresholdBasis } from './threshold.ts';
import { TrainPool } from './train-pool.ts';
import { templateExpander, trainingExamples } from './training-examples.ts';
import type { TrainingData } from './types.ts';

export interface EvaluationOptions extends TrainOptions {
  folds?: number;
  seed?: number;
  /** A threshold set by hand; without it the project's own (`project_threshold`) is used. */
  threshold?: number;
}

export interface Evaluation {
  folds: number;
  seed: number;
  threshold: number;
  /** The threshold this cross-validation supports (thresholdChoice): what the project's model carries. */
  project_threshold: number;
  /** Why `project_threshold` is what it is. */
  project_threshold_basis: ThresholdBasis;
  /** `threshold` was set by hand (the project's settings), not the project's own. */
  threshold_set_by_hand: boolean;
  /** Share of templates recognised (right intent at or above the threshold). */
  accuracy: number;
  accuracy_without_confidence: number;
  intents: IntentMetrics[];
  templates: TemplateResult[];
  confusions: Confusion[];
  clashes: Clash[];
  seconds: number;
}

/**
 * Stratified k-fold cross-validation over a project's templates: each intent's templates are shuffled
 * (seeded) and dealt round the folds, each fold is predicted by a model trained on the other folds.
 */
export function assignFolds(data: TrainingData, folds: number, seed: number): number[][] {
  const random = seededRandom(seed);
  let dealer = 0;
  return data.intents.map((intent) => {
    const order = shuffleInPlace(
      intent.templates.map((_, i) => i),
      random,
    );
    const assignment = new Array<number>(intent.templates.length);
    // Continue dealing where the previous intent stopped, so small intents do not all fill fold 0.
    for (const templateIndex of order) assignment[templateIndex] = dealer++ % folds;
    return assignment;
  });
}

export async function evaluateProject(data: TrainingData, options: EvaluationOptions = {}): Promise<Evaluation> {
  const started = performance.now();
  const folds = Math.max(2, options.folds ?? 5);
  const seed = options.seed ?? 42;
  const assignment = assignFolds(data, folds, seed);
  const expand = templateExpander(data, options.maxExpansions);
  const pool = options.pool ?? new TrainPool(options.workers);
  const byFold: TemplateResult[][] = [];
  const trainOptions = withProjectFeatures(data, options);
  const runFold = async (fold: number) => {
    const examples = trainingExamples(data, expand, (i, t) => assignment[i]![t] !== fold);
    // Large projects: each fold is fitted whole in one thread while the other thread fits the next fold.
    const { pool: _pool, workers: _workers, ...fitOptions } = trainOptions;
    const parts = pool.usesWorkers(examples.texts.length, examples.intents.length)
      ? await pool.fit({ examples, language: data.language, entities: data.entities, options: fitOptions })
      : await fitModel(examples, data.language, data.entities, { ...trainOptions, pool });
    const model = new NluModel(parts);
    const results: TemplateResult[] = [];
    data.intents.forEach((intent, i) => {
      intent.templates.forEach((template, t) => {
        if (assignment[i]![t] !== fold || !template.trim()) return;
        // A template with references is tested as its first concrete sentence.
        const text = expand(template)[0]!.text;
        results.push(predictTemplate(model, intent, template, text));
      });
    });
    byFold[fold] = results;
  };
  try {
    let next = 0;
    const lanes = Array.from({ length: Math.min(folds, pool.parallelism) }, async () => {
      while (next < folds) await runFold(next++);
    });
    await Promise.all(lanes);
  } finally {
    if (!options.pool) await pool.close();
  }
  const templates = byFold.flat();
  const choice = thresholdChoice(templates, DEFAULT_THRESHOLD);
  const threshold = options.threshold ?? choice.threshold;
  for (const t of templates) t.is_recognized = t.is_recognized_without_confidence && t.confidence >= threshold;
  const recognised = templates.filter((t) => t.is_recognized).length;
  const recognisedRaw = templates.filter((t) => t.is_recognized_without_confidence).length;
  return {
    folds,
    seed,
    threshold,
    project_threshold: choice.threshold,
    project_threshold_basis: choice.basis,
    threshold_set_by_hand: options.threshold !== undefined,
    accuracy: templates.length ? recognised / templates.length : 0,
    accuracy_without_confidence: templates.length ? recognisedRaw / templates.length : 0,
    intents: intentMetrics(data.intents, templates, threshold),
    templates,
    confusions: confusionSummary(templates),
    clashes: detectClashes(data),
    seconds: (performance.now() - started) / 1000,
  };
}

function predictTemplate(
  model: NluModel,
  intent: { id: number; name: string },
  template: string,
  text: string,
): TemplateResult {
  const base = { intent_id: intent.id, intent: intent.name, template };
  if (model.intents.length === 0) {
    return {
      ...base,
      is_recognized: false,
      is_recognized_without_confidence: false,
      confidence: 0,
      prediction: null,
      prediction_id: null,
    };
  }
  const confidences = model.confidences(text);
  let best = 0;
  for (let k = 1; k < confidences.length; k++) if (confidences[k]! > confidences[best]!) best = k;
  const predicted = model.intents[best]!;
  const right = predicted.id === intent.id;
  const confidence = confidences[best]!;
  return {
    ...base,
    is_recognized: right, // against the threshold once every fold is in
    is_recognized_without_confidence: right,
    confidence,
    prediction: predicted.name,
    prediction_id: predicted.id,
  };
}
