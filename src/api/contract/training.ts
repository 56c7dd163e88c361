import { z } from 'zod';
import { defineCall, grant } from './call.ts';
import { okResponse, scopeQuery } from './common.ts';

/** Texts of spec 2 §4 and §8. */
export const TRAIN_SUBMITTED = 'Submitted for NLU train';
export const TRAIN_DONE = 'Successfully trained';
export const MODEL_NOT_RETRAINED = 'Model updated but not retrained';

export const trainingState = z.enum(['none', 'queued', 'running', 'done', 'failed']);

/** Where the project's draft model stands. */
export const trainingStatus = z.object({
  state: trainingState,
  job_id: z.number().int().nullable(),
  error: z.string().nullable(),
  /** When the stored draft model was trained (ISO), null before the first training. */
  trained_at: z.string().nullable(),
  /** When the latest evaluation finished (ISO). */
  evaluated_at: z.string().nullable(),
  /** Intents, synonyms, entities or language changed after the model was trained (or it never was). */
  stale: z.boolean(),
});
export type TrainingStatus = z.infer<typeof trainingStatus>;

/** GET /run/train: queues training of the draft model and answers at once. */
export const runTrain = defineCall({
  name: 'runTrain',
  method: 'GET',
  path: '/run/train',
  resource: '/run/train',
  access: grant('GET', '/run/train'),
  query: scopeQuery,
  response: z.object({ status: z.literal('ok'), job_id: z.number().int(), state: trainingState }),
});

export const templateEvaluation = z.object({
  template: z.string(),
  is_recognized: z.boolean(),
  is_recognized_without_confidence: z.boolean(),
  confidence: z.number(),
  /** The predicted intent's id. */
  prediction: z.number().int().nullable(),
  prediction_name: z.string().nullable(),
});
export type TemplateEvaluation = z.infer<typeof templateEvaluation>;

export const intentEvaluation = z.object({
  precision: z.number(),
  recall: z.number(),
  /** Keyed by template. */
  data: z.record(z.string(), templateEvaluation),
});
export type IntentEvaluation = z.infer<typeof intentEvaluation>;

const clashTemplate = z.object({ intent_id: z.number().int(), intent: z.string(), template: z.string() });
export const clash = z.object({
  kind: z.enum(['identical', 'near-identical', 'negation']),
  similarity: z.number(),
  a: clashTemplate,
  b: clashTemplate,
});
export type Clash = z.infer<typeof clash>;

/**
 * Why the project's threshold is what it is (server/nlu/threshold.ts ThresholdBasis): the highest within the
 * recall cost, capped, the default kept (floor, or too few templates).
 */
export const thresholdBasis = z.enum(['recall-cost', 'ceiling', 'default-floor', 'few-templates']);
export type ThresholdBasis = z.infer<typeof thresholdBasis>;

/** The confidence threshold of the latest training (issue 34 item 6): chosen from cross-validation or set by hand. */
export const thresholdChoice = z.object({
  /** What the project's own cross-validation chose: the threshold its model carries. */
  chosen: z.number(),
  basis: thresholdBasis,
  /** A threshold is set in Settings: it wins over the chosen one (it is the evaluation's `threshold`). */
  set_in_settings: z.boolean(),
  /** Share of the templates whose intent ranked first in cross-validation, whatever the confidence. */
  accuracy_without_confidence: z.number(),
});
export type ThresholdChoice = z.infer<typeof thresholdChoice>;

/** The latest finished 5-fold evaluation, keyed by intent id, and the training status. */
export const getEvaluation = defineCall({
  name: 'getEvaluation',
  method: 'GET',
  path: '/intents/evaluation',
  // Its own resource: an x-atime of /intents here would let the client save intents it has not reloaded.
  resource: '/intents/evaluation',
  access: grant('GET', '/intents'),
  query: scopeQuery,
  response: z.object({
    status: trainingStatus,
    evaluation: z.record(z.string(), intentEvaluation).nullable(),
    clashes: z.array(clash),
    accuracy: z.number().nullable(),
    threshold: z.number().nullable(),
    /** null before the first training, and for an evaluation stored before the choice was kept. */
    threshold_choice: thresholdChoice.nullable(),
  }),
});

/** Drops the draft model cache (this process, and others through the model's version). */
export const reloadWorker = defineCall({
  name: 'reloadWorker',
  method: 'GET',
  path: '/worker/reload',
  resource: '/worker/reload',
  access: grant('GET', '/worker/reload'),
  query: scopeQuery,
  response: okResponse,
});
