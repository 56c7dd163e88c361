import type { TemplateResult } from './evaluation-metrics.ts';

/**
 * The confidence threshold a project's own cross-validation supports: the highest one that keeps the share of
 * templates recognised (right intent at or above it) within MAX_RECALL_COST of the share with the right intent
 * at any confidence. A higher threshold turns more out-of-scope messages into "no intent", so this is the one
 * that catches the most of them for a bounded cost to the project's own phrasing; without out-of-scope
 * examples of its own, a project can only bound that cost. Few templates say too little: the default stays.
 * The cost was chosen on CLINC150's validation splits (in-scope val + oos_val, the model trained on train and
 * its threshold from train's 5-fold cross-validation): costs 0.5 / 0.75 / 1 / 1.25 / 1.5 / 2 points gave
 * thresholds 0.38 / 0.42 / 0.44 / 0.46 / 0.49 / 0.53, in-scope 92.9 / 92.6 / 92.4 / 92.1 / 91.6 / 91.0% and
 * out-of-scope recall 55 / 67 / 69 / 72 / 75 / 78%; 1.25 points is the last with in-scope accuracy ≥ 92%.
 */
export const MAX_RECALL_COST = 0.0125;
export const MIN_THRESHOLD = 0.2;
export const MAX_THRESHOLD = 0.8;
/** Below this many cross-validated templates the project keeps the default threshold. */
export const MIN_TEMPLATES_FOR_THRESHOLD = 40;

export function chooseThreshold(
  templates: readonly TemplateResult[],
  fallback: number,
  recallCost = MAX_RECALL_COST,
): number {
  if (templates.length < MIN_TEMPLATES_FOR_THRESHOLD) return fallback;
  const right = templates.filter((t) => t.is_recognized_without_confidence).map((t) => t.confidence);
  const allowed = right.length - recallCost * templates.length;
  // Confidences of the rightly classified templates, highest first: the k-th is the highest threshold that
  // still keeps k + 1 of them.
  right.sort((a, b) => b - a);
  const keep = Math.ceil(allowed) - 1;
  if (keep < 0) return Math.max(fallback, MIN_THRESHOLD);
  const highest = right[Math.min(keep, right.length - 1)]!;
  // Two decimals, rounded down so the kept templates stay at or above it.
  // Never below the default: a project whose own phrasing is classified with little confidence (few templates
  // per intent) would otherwise get a threshold that lets any nonsense through to some intent.
  return Math.min(MAX_THRESHOLD, Math.max(fallback, MIN_THRESHOLD, Math.floor(highest * 100) / 100));
}
