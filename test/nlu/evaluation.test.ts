import { describe, expect, it } from 'vitest';
import { confusionSummary, intentMetrics } from '../../server/nlu/evaluation-metrics.ts';
import type { TemplateResult } from '../../server/nlu/evaluation-metrics.ts';
import { assignFolds } from '../../server/nlu/evaluate.ts';
import { detectClashes, evaluateProject } from '../../server/nlu/index.ts';
import type { TrainingData } from '../../server/nlu/index.ts';

const intents = [
  { id: 1, name: 'pay' },
  { id: 2, name: 'cancel' },
  { id: 3, name: 'help' },
];

function result(intent: number, predicted: number, confidence: number): TemplateResult {
  const actual = intents[intent - 1]!;
  const prediction = intents[predicted - 1]!;
  return {
    intent_id: actual.id,
    intent: actual.name,
    template: `${actual.name} ${predicted} ${confidence}`,
    is_recognized: intent === predicted && confidence >= 0.5,
    is_recognized_without_confidence: intent === predicted,
    confidence,
    prediction: prediction.name,
    prediction_id: prediction.id,
  };
}

describe('evaluation metrics (hand-computed)', () => {
  // pay: 4 templates -> pay 0.9, pay 0.4 (below threshold), cancel 0.8, pay 0.7
  // cancel: 3 templates -> cancel 0.9, cancel 0.6, pay 0.3 (wrong and below threshold)
  // help: 1 template -> help 0.2 (right but below threshold)
  const results = [
    result(1, 1, 0.9),
    result(1, 1, 0.4),
    result(1, 2, 0.8),
    result(1, 1, 0.7),
    result(2, 2, 0.9),
    result(2, 2, 0.6),
    result(2, 1, 0.3),
    result(3, 3, 0.2),
  ];
  const metrics = intentMetrics(intents, results, 0.5);

  it('pay: accepted predictions of pay are 2 (both right): precision 2/2, recall 2/4', () => {
    expect(metrics[0]).toMatchObject({ precision: 1, recall: 0.5, templates: 4 });
    // Ignoring the threshold: predicted pay 4 times (3 right), 3 of 4 pay templates right.
    expect(metrics[0]!.precision_without_confidence).toBeCloseTo(3 / 4);
    expect(metrics[0]!.recall_without_confidence).toBeCloseTo(3 / 4);
  });

  it('cancel: accepted predictions 3 (2 right): precision 2/3, recall 2/3', () => {
    expect(metrics[1]!.precision).toBeCloseTo(2 / 3);
    expect(metrics[1]!.recall).toBeCloseTo(2 / 3);
    expect(metrics[1]!.precision_without_confidence).toBeCloseTo(2 / 3);
    expect(metrics[1]!.recall_without_confidence).toBeCloseTo(2 / 3);
  });

  it('help: never accepted: precision 0, recall 0; without threshold 1 and 1', () => {
    expect(metrics[2]).toMatchObject({
      precision: 0,
      recall: 0,
      precision_without_confidence: 1,
      recall_without_confidence: 1,
    });
  });

  it('summarises confusions, most frequent first', () => {
    expect(confusionSummary([...results, result(1, 2, 0.1)])).toEqual([
      { actual: 'pay', predicted: 'cancel', count: 2 },
      { actual: 'cancel', predicted: 'pay', count: 1 },
    ]);
  });
});

describe('folds', () => {
  it('are stratified, deterministic and balanced', () => {
    const data: TrainingData = {
      language: 'en',
      intents: [
        { id: 1, name: 'a', templates: Array.from({ length: 10 }, (_, i) => `a ${i}`) },
        { id: 2, name: 'b', templates: Array.from({ length: 7 }, (_, i) => `b ${i}`) },
      ],
      synonyms: [],
      entities: [],
    };
    const folds = assignFolds(data, 5, 7);
    expect(assignFolds(data, 5, 7)).toEqual(folds);
    expect(assignFolds(data, 5, 8)).not.toEqual(folds);
    for (let f = 0; f < 5; f++) expect(folds[0]!.filter((x) => x === f)).toHaveLength(2);
    const sizes = [0, 1, 2, 3, 4].map((f) => folds.flat().filter((x) => x === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});

const project: TrainingData = {
  language: 'en',
  intents: [
    {
      id: 1,
      name: 'pay',
      templates: ['I want to pay', 'pay my bill', 'how do I pay', 'settle the invoice', 'make a payment'],
    },
    {
      id: 2,
      name: 'pay [NEG]',
      templates: ["I don't want to pay", 'I refuse to pay', 'I will not pay', 'no payment from me', 'I want to pay'],
    },
    { id: 3, name: 'hello', templates: ['hello', 'hi there', 'good morning', 'hey', 'hello there'] },
    { id: 4, name: 'greeting', templates: ['hello there!', 'howdy'] },
  ],
  synonyms: [],
  entities: [],
};

describe('clashes', () => {
  const clashes = detectClashes(project);
  it('finds identical templates under different intents (ignoring case and punctuation)', () => {
    const identical = clashes.filter((c) => c.kind === 'identical').map((c) => [c.a.template, c.b.template].sort());
    expect(identical).toContainEqual(['hello there', 'hello there!']);
  });

  it('flags a [NEG] template no more negated than its positive twin', () => {
    const negation = clashes.filter(
      (c) => c.kind === 'negation' || (c.kind === 'identical' && c.b.intent === 'pay [NEG]'),
    );
    expect(negation.map((c) => c.b.template)).toContain('I want to pay');
    // The real negation "I don't want to pay" is what a [NEG] template should be: not a clash.
    expect(clashes.some((c) => c.a.template === "I don't want to pay" || c.b.template === "I don't want to pay")).toBe(
      false,
    );
  });

  it('finds near-identical templates', () => {
    const data: TrainingData = {
      ...project,
      intents: [
        { id: 1, name: 'a', templates: ['where is my parcel now'] },
        { id: 2, name: 'b', templates: ['where is my parcels now', 'something else entirely'] },
      ],
    };
    expect(detectClashes(data).map((c) => c.kind)).toEqual(['near-identical']);
  });
});

describe('evaluateProject', () => {
  it('cross-validates templates and reports every template once', async () => {
    const evaluation = await evaluateProject(project, { folds: 2, seed: 1, threshold: 0.3, workers: 1 });
    expect(evaluation.templates).toHaveLength(17);
    expect(evaluation.intents.map((i) => i.name)).toEqual(['pay', 'pay [NEG]', 'hello', 'greeting']);
    for (const t of evaluation.templates) {
      expect(t.confidence).toBeGreaterThanOrEqual(0);
      expect(t.confidence).toBeLessThanOrEqual(1);
      expect(t.is_recognized).toBe(t.is_recognized_without_confidence && t.confidence >= 0.3);
    }
    expect(evaluation.clashes.length).toBeGreaterThan(0);
    const again = await evaluateProject(project, { folds: 2, seed: 1, threshold: 0.3, workers: 1 });
    expect(again.templates).toEqual(evaluation.templates);
  });

  it('fits folds side by side in worker threads with the same results as in one thread', async () => {
    // A fold's 60 intents × 48 templates is above the size from which the pool uses its threads.
    const many: TrainingData = {
      language: 'en',
      synonyms: [],
      entities: [],
      intents: Array.from({ length: 60 }, (_, k) => ({
        id: k + 1,
        name: `intent ${k}`,
        templates: Array.from({ length: 60 }, (_, i) => `topic${k} sentence ${i} word${(i * 7 + k) % 13}`),
      })),
    };
    const threaded = await evaluateProject(many, { workers: 2 });
    const single = await evaluateProject(many, { workers: 1 });
    expect(threaded.templates).toHaveLength(60 * 60);
    expect(threaded.templates).toEqual(single.templates);
    expect(threaded.intents).toEqual(single.intents);
  });
});
