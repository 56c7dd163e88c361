import { describe, expect, it } from 'vitest';
import { MAX_RECALL_COST, MAX_THRESHOLD, MIN_TEMPLATES_FOR_THRESHOLD } from '../../server/nlu/threshold.ts';
import type { EvaluationAnswer } from '../../src/machines/training/actors.ts';
import { thresholdSummary, trainedNotice } from '../../src/machines/training/threshold-summary.ts';
import type { ThresholdChoice } from '../../src/api/contract/training.ts';

const answer = (threshold: number | null, choice: ThresholdChoice | null): EvaluationAnswer => ({
  status: { state: 'done', job_id: 1, error: null, trained_at: null, evaluated_at: null, stale: false },
  evaluation: {},
  clashes: [],
  accuracy: 0.574,
  threshold,
  threshold_choice: choice,
});
const chosen = (basis: ThresholdChoice['basis'], value = 0.45): ThresholdChoice => ({
  chosen: value,
  basis,
  set_in_settings: false,
  accuracy_without_confidence: 0.754,
});

describe("the training's threshold, said to the user (issue 34 item 6)", () => {
  it('says the chosen value, what it does and why, with the cross-validation figures', () => {
    const summary = thresholdSummary(answer(0.52, chosen('recall-cost', 0.52)))!;
    expect(summary.title).toBe('Confidence threshold 0.52, chosen by this training.');
    expect(summary.meaning).toBe('A message whose best intent is less sure than 0.52 gets the fallback reaction.');
    expect(summary.why).toContain('all but 1 % of its templates');
    expect(summary.figures).toBe(
      'In cross-validation 57 % of the templates were recognised at it; 75 % had their intent ranked first.',
    );
    expect(thresholdSummary(answer(0.45, chosen('default-floor'))!)!.why).toMatch(/^The default: .*little confidence/);
    expect(thresholdSummary(answer(0.45, chosen('few-templates'))!)!.why).toContain('fewer than 40 templates');
    expect(thresholdSummary(answer(0.8, chosen('ceiling', 0.8))!)!.why).toContain('0.8 is the highest');
  });

  it('says when Settings override the chosen value, and how to use the chosen one', () => {
    const summary = thresholdSummary(answer(0.5, { ...chosen('default-floor'), set_in_settings: true }))!;
    expect(summary.title).toBe('Confidence threshold 0.5, set in Settings.');
    expect(summary.why).toBe('The project’s cross-validation chose 0.45; empty the field in Settings to use it.');
  });

  it("is absent before a training and for evaluations stored without it: 'Successfully trained' alone", () => {
    expect(thresholdSummary(answer(null, null))).toBeNull();
    expect(thresholdSummary(answer(0.45, null))).toBeNull();
    expect(trainedNotice(answer(0.45, null))).toEqual({ title: 'Successfully trained', color: 'green' });
    expect(trainedNotice(answer(0.45, chosen('recall-cost'))).message).toBe(
      'Confidence threshold 0.45, chosen by this training. A message whose best intent is less sure than 0.45 gets the fallback reaction.',
    );
  });

  it("quotes the engine's own rule", () => {
    expect(MAX_RECALL_COST).toBe(0.01);
    expect(MIN_TEMPLATES_FOR_THRESHOLD).toBe(40);
    expect(MAX_THRESHOLD).toBe(0.8);
  });
});
