import type { TemplateResult } from './evaluation-metrics.ts';

/**
 * The confidence threshold a project's own cross-validation supports: the highest one that keeps the share of
 * templates recognised (right intent at or above it) within MAX_RECALL_COST of the share with the right intent
 * at any confidence. A higher threshold turns more out-of-scope messages into "no intent", so this is the one
 * that catches the most of them for a bounded cost to the project's own phrasing; without out-of-scope
 * examples of its own, a project can only bound that cost. Few templates say too little: the default stays.
 * The cost was chosen on CLINC150's validation splits (in-scope val + oos_val, the model trained on train and
 * its threshold from train's 5-fold cross-validation), with the confidence that counts the sentence's word
 * coverage (calibration.ts): costs 0.75 / 1 / 1.25 / 1.5 / 2 points gave thresholds 0.48 / 0.52 / 0.55 / 0.58 /
 * 0.62, in-scope 93.0 / 92.7 / 92.4 / 92.1 / 91.2% and out-of-scope recall 73 / 78 / 83 / 86 / 89%. 1 point is
 * the last that keeps val's in-scope accuracy half a point above 92% (a margin for sets that differ from val:
 * cross-validation underestimates what the threshold costs on new sentences, 1.25 keeps 0.4 and 1.5 only 0.1).
 */
export const MAX_RECALL_COST = 0.01;
export const MIN_THRESHOLD = 0.2;
export const MAX_THRESHOLD = 0.8;
/** Below this many cross-validated templates the project keeps the default threshold. */
export const MIN_TEMPLATES_FOR_THRESHOLD = 40;

/**
 * Why the project's threshold is what it is (the training result says it to the user):
 * - 'recall-cost': the highest threshold within MAX_RECALL_COST of the project's own templates;
 * - 'ceiling': that one was above MAX_THRESHOLD;
 * - 'default-floor': that one was below the default, which stays (little confidence in the project's own phrasing);
 * - 'few-templates': fewer than MIN_TEMPLATES_FOR_THRESHOLD templates were cross-validated, the default stays.
 */
export type ThresholdBasis = 'recall-cost' | 'ceiling' | 'default-floor' | 'few-templates';

export interface ThresholdChoice {
  threshold: number;
  basis: ThresholdBasis;
}

export function chooseThreshold(
  templates: readonly TemplateResult[],
  fallback: number,
  recallCost = MAX_RECALL_COST,
): number {
  return thresholdChoice(templates, fallback, recallCost).threshold;
}

export function thresholdChoice(
  templates: readonly TemplateResult[],
  fallback: number,
  recallCost = MAX_RECALL_COST,
): ThresholdChoice {
  if (templates.length < MIN_TEMPLATES_FOR_THRESHOLD) return { threshold: fallback, basis: 'few-templates' };
  // Never below the default: a project whose own phrasing is classified with little confidence (few templates
  // per intent) would otherwise get a threshold that lets any nonsense through to some intent.
  const floor = Math.max(fallback, MIN_THRESHOLD);
  const right = templates.filter((t) => t.is_recognized_without_confidence).map((t) => t.confidence);
  const allowed = right.length - recallCost * templates.length;
  // Confidences of the rightly classified templates, highest first: the k-th is the highest threshold that
  // still keeps k + 1 of them.
  right.sort((a, b) => b - a);
  const keep = Math.ceil(allowed) - 1;
  if (keep < 0) return { threshold: floor, basis: 'default-floor' };
  const highest = right[Math.min(keep, right.length - 1)]!;
  // Two decimals, rounded down so the kept templates stay at or above it.
  const budget = Math.floor(highest * 100) / 100;
  if (budget > MAX_THRESHOLD) return { threshold: MAX_THRESHOLD, basis: 'ceiling' };
  if (budget < floor) return { threshold: floor, basis: 'default-floor' };
  return { threshold: budget, basis: 'recall-cost' };
}
