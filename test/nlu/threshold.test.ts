import { describe, expect, it } from 'vitest';
import type { TemplateResult } from '../../server/nlu/evaluation-metrics.ts';
import {
  chooseThreshold,
  MAX_RECALL_COST,
  MIN_TEMPLATES_FOR_THRESHOLD,
  thresholdChoice,
} from '../../server/nlu/threshold.ts';

const result = (right: boolean, confidence: number): TemplateResult => ({
  intent_id: 1,
  intent: 'a',
  template: 'x',
  is_recognized: right,
  is_recognized_without_confidence: right,
  confidence,
  prediction: right ? 'a' : 'b',
  prediction_id: right ? 1 : 2,
});

describe('per-project threshold from cross-validation', () => {
  it('is the highest threshold that costs at most MAX_RECALL_COST of the templates', () => {
    // 400 templates, 360 right with confidences 0.25, 0.2515, … 0.7885 and 40 wrong.
    const templates = [
      ...Array.from({ length: 360 }, (_, i) => result(true, 0.25 + i * 0.0015)),
      ...Array.from({ length: 40 }, () => result(false, 0.3)),
    ];
    // A default below the choice, so the choice itself shows.
    const threshold = chooseThreshold(templates, 0.2);
    const kept = templates.filter((t) => t.is_recognized_without_confidence && t.confidence >= threshold).length;
    expect(kept).toBeGreaterThanOrEqual(360 - MAX_RECALL_COST * 400);
    // A hundredth higher would cost more than allowed.
    const higher = templates.filter((t) => t.is_recognized_without_confidence && t.confidence >= threshold + 0.01);
    expect(higher.length).toBeLessThan(360 - MAX_RECALL_COST * 400);
  });

  it('keeps the default for projects with few templates and stays within bounds', () => {
    const few = Array.from({ length: MIN_TEMPLATES_FOR_THRESHOLD - 1 }, () => result(true, 0.99));
    expect(chooseThreshold(few, 0.45)).toBe(0.45);
    const sure = Array.from({ length: 100 }, () => result(true, 0.99));
    expect(chooseThreshold(sure, 0.45)).toBe(0.8);
    const unsure = Array.from({ length: 100 }, () => result(true, 0.01));
    expect(chooseThreshold(unsure, 0.45)).toBe(0.45);
  });

  it("never goes below the default: little confidence in a project's own phrasing lets no nonsense through", () => {
    // The seeded demo's case: its own templates are classified with about 0.3, so the budget alone gives 0.28.
    const lowConfidence = Array.from({ length: 200 }, (_, i) => result(true, 0.28 + (i % 10) * 0.01));
    expect(chooseThreshold(lowConfidence, 0.45)).toBe(0.45);
    expect(chooseThreshold(lowConfidence, 0.2)).toBeLessThan(0.45);
  });

  it('says why the threshold is what it is', () => {
    const spread = Array.from({ length: 400 }, (_, i) => result(true, 0.25 + i * 0.0015));
    expect(thresholdChoice(spread, 0.2)).toEqual({ threshold: chooseThreshold(spread, 0.2), basis: 'recall-cost' });
    const few = Array.from({ length: MIN_TEMPLATES_FOR_THRESHOLD - 1 }, () => result(true, 0.99));
    expect(thresholdChoice(few, 0.45)).toEqual({ threshold: 0.45, basis: 'few-templates' });
    const sure = Array.from({ length: 100 }, () => result(true, 0.99));
    expect(thresholdChoice(sure, 0.45)).toEqual({ threshold: 0.8, basis: 'ceiling' });
    const unsure = Array.from({ length: 100 }, () => result(true, 0.3));
    expect(thresholdChoice(unsure, 0.45)).toEqual({ threshold: 0.45, basis: 'default-floor' });
    const wrong = Array.from({ length: 100 }, () => result(false, 0.9));
    expect(thresholdChoice(wrong, 0.45)).toEqual({ threshold: 0.45, basis: 'default-floor' });
  });
});
