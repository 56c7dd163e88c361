import { describe, expect, it } from 'vitest';
import { calibratedConfidences, confidenceOf, DEFAULT_CALIBRATION } from '../../server/nlu/calibration.ts';
import { loadModel, trainModel } from '../../server/nlu/index.ts';
import type { TrainingData } from '../../server/nlu/index.ts';
import { wordCoverage } from '../../server/nlu/tfidf.ts';

const data: TrainingData = {
  language: 'en',
  intents: [
    { id: 1, name: 'order status', templates: ['where is my order', 'has my order shipped', 'track my order'] },
    { id: 2, name: 'opening hours', templates: ['when are you open', 'what are your opening hours', 'are you open'] },
    { id: 3, name: 'payment', templates: ['can I pay by card', 'do you take cash', 'how can I pay'] },
  ],
  synonyms: [],
  entities: [],
};

describe('word coverage in the confidence (out of scope)', () => {
  it('is the share of the word features the vocabulary knows, unknown ones at the given idf', () => {
    const idf = new Float32Array([1, 2]);
    const lookup = (hash: number) => (hash === 10 ? 0 : hash === 20 ? 1 : -1);
    expect(wordCoverage([10, 20], lookup, idf, 3)).toBe(1);
    expect(wordCoverage([30, 40], lookup, idf, 3)).toBe(0);
    expect(wordCoverage([], lookup, idf, 3)).toBe(0);
    // Known mass 1 + 4, unknown 9.
    expect(wordCoverage([10, 20, 30], lookup, idf, 3)).toBeCloseTo(5 / 14, 10);
  });

  it("lowers the confidence of a sentence written mostly in words the project never taught, not the intent's rank", async () => {
    const model = loadModel(await trainModel(data, { workers: 1 }));
    const inScope = model.classify('where is my order');
    const inScopeCoverage = model.lastCoverage;
    const outside = model.classify('where is my zorblat frobnicator wibbling');
    expect(inScopeCoverage).toBe(1);
    expect(model.lastCoverage).toBeLessThan(0.5);
    expect(outside.ranking[0]!.name).toBe('order status');
    expect(outside.confidence).toBeLessThan(inScope.confidence);
    // The same scores read as if every word were known: what the confidence was before the coverage counted.
    const scores = model.scoreText('where is my zorblat frobnicator wibbling');
    const best = scores.indexOf(Math.max(...scores));
    const asIfKnown = calibratedConfidences(scores, model.parts.calibration, 1)[best]!;
    expect(outside.confidence).toBeLessThan(asIfKnown - 0.2);
    expect(inScope.intent?.name).toBe('order status');
  });

  it('leaves models calibrated before it (no coverage slope) as they were', () => {
    const { coverageSlope: _coverage, ...old } = DEFAULT_CALIBRATION;
    const scores = new Float64Array([0.9, 0.1, -0.4]);
    const expected = confidenceOf(0.9, 0.8, old);
    expect(calibratedConfidences(scores, old, 0.2)[0]).toBeCloseTo(expected, 12);
    expect(calibratedConfidences(scores, DEFAULT_CALIBRATION, 0.2)[0]).toBeLessThan(
      calibratedConfidences(scores, DEFAULT_CALIBRATION, 1)[0]!,
    );
  });
});
