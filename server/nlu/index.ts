/**
 * The language-understanding engine: the only module the server routes and the chat runtime import.
 * Train a project's model (worker threads), load it from bytes, classify, cross-validate, and the text
 * services of the intent editor (stop words, negation, entities, clashes).
 */
import { NluModel } from './model.ts';
import { deserializeModel, serializeModel } from './model-format.ts';
import { fitModel, withProjectFeatures } from './train.ts';
import type { TrainOptions } from './train.ts';
import { templateExpander, trainingExamples } from './training-examples.ts';
import type { TrainingData } from './types.ts';

export type {
  Classification,
  ClassifyOptions,
  EntityDefinition,
  ExtractedEntity,
  IntentDefinition,
  IntentRef,
  SynonymDefinition,
  TrainingData,
} from './types.ts';
export type { TrainOptions } from './train.ts';
export type { Evaluation, EvaluationOptions } from './evaluate.ts';
export type { Confusion, IntentMetrics, TemplateResult } from './evaluation-metrics.ts';
export type { Clash, ClashOptions, ClashTemplate } from './clashes.ts';
export type { ExpandedTemplate } from './expand-templates.ts';
export { NluModel } from './model.ts';
export { DEFAULT_THRESHOLD } from './train.ts';
export { evaluateProject } from './evaluate.ts';
export { chooseThreshold, thresholdChoice } from './threshold.ts';
export type { ThresholdBasis, ThresholdChoice } from './threshold.ts';
export { detectClashes, NEGATIVE_SUFFIX, positiveTwin } from './clashes.ts';
export { extractEntities } from './entities.ts';
export { stripStopwords } from './stopwords.ts';
export { isNegatedTemplate, negateTemplate, toggleTemplateNegation, unnegateTemplate } from './negation.ts';
export { supportedLanguages } from './languages/registry.ts';
export { normalizeText, tokenize } from './normalize.ts';

/** Expands a project's templates (`#synonym`, `@entity`) and trains its model; resolves to the model's bytes. */
export async function trainModel(data: TrainingData, options: TrainOptions = {}): Promise<Uint8Array> {
  const examples = trainingExamples(data, templateExpander(data, options.maxExpansions));
  return serializeModel(await fitModel(examples, data.language, data.entities, withProjectFeatures(data, options)));
}

/** The same model carrying another default threshold (the one its project's cross-validation chose). */
export function withDefaultThreshold(bytes: Uint8Array, threshold: number): Uint8Array {
  return serializeModel({ ...deserializeModel(bytes), defaultThreshold: threshold });
}

/** Loads a model from its bytes (views over them, no copy when 4-byte aligned). */
export function loadModel(bytes: Uint8Array): NluModel {
  return new NluModel(deserializeModel(bytes));
}

/** The concrete sentences a template stands for (the intent editor's preview). */
export function expandProjectTemplate(data: TrainingData, template: string, maxExpansions = 50) {
  return templateExpander(data, maxExpansions)(template);
}
