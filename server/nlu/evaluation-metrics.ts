/** One held-out template's outcome in cross-validation. */
export interface TemplateResult {
  intent_id: number;
  intent: string;
  template: string;
  /** Right intent at or above the threshold. */
  is_recognized: boolean;
  /** Right intent, whatever the confidence. */
  is_recognized_without_confidence: boolean;
  confidence: number;
  /** The best-scoring intent's name (null only when the model knew no intent at all). */
  prediction: string | null;
  prediction_id: number | null;
}

export interface IntentMetrics {
  id: number;
  name: string;
  /** Of the templates given this intent at or above the threshold, the share that belong to it. */
  precision: number;
  /** Of this intent's templates, the share recognised (right intent at or above the threshold). */
  recall: number;
  /** The same two, ignoring the threshold. */
  precision_without_confidence: number;
  recall_without_confidence: number;
  templates: number;
}

export interface Confusion {
  actual: string;
  predicted: string;
  count: number;
}

/**
 * Per-intent precision and recall. A prediction below the threshold counts as "no intent": it lowers the
 * true intent's recall and no intent's precision. An intent never predicted has precision 0.
 */
export function intentMetrics(
  intents: readonly { id: number; name: string }[],
  results: readonly TemplateResult[],
  threshold: number,
): IntentMetrics[] {
  return intents.map(({ id, name }) => {
    let truePositive = 0;
    let predicted = 0;
    let truePositiveRaw = 0;
    let predictedRaw = 0;
    let support = 0;
    for (const r of results) {
      const actual = r.intent_id === id;
      const raw = r.prediction_id === id;
      const accepted = raw && r.confidence >= threshold;
      if (actual) support++;
      if (raw) predictedRaw++;
      if (raw && actual) truePositiveRaw++;
      if (accepted) predicted++;
      if (accepted && actual) truePositive++;
    }
    const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
    return {
      id,
      name,
      precision: ratio(truePositive, predicted),
      recall: ratio(truePositive, support),
      precision_without_confidence: ratio(truePositiveRaw, predictedRaw),
      recall_without_confidence: ratio(truePositiveRaw, support),
      templates: support,
    };
  });
}

/** The most frequent mistakes (ignoring the threshold): which intent's templates went to which. */
export function confusionSummary(results: readonly TemplateResult[], limit = 50): Confusion[] {
  const counts = new Map<string, Confusion>();
  for (const r of results) {
    if (r.is_recognized_without_confidence) continue;
    const predicted = r.prediction ?? '(no intent)';
    const key = `${r.intent}\u0000${predicted}`;
    const entry = counts.get(key) ?? { actual: r.intent, predicted, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.actual.localeCompare(b.actual)).slice(0, limit);
}
