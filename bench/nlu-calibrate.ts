// Fits the confidence calibration and picks the default threshold on validation splits only:
// NLU_BENCH_DATA=/work/shared/data/nlu node bench/nlu-calibrate.ts
import { join } from 'node:path';
import { CONFIDENCE_SHAPE, fitCalibration } from '../server/nlu/calibration.ts';
import type { Calibration } from '../server/nlu/calibration.ts';
import { NluModel } from '../server/nlu/model.ts';
import { fitModel } from '../server/nlu/train.ts';
import { holdOut, loadDataset, readJsonLines, toExamples } from './nlu-data.ts';

const directory = process.env.NLU_BENCH_DATA ?? '/work/shared/data/nlu';
interface Sample {
  score: number;
  lead: number;
  coverage: number;
  correct: boolean;
  oos: boolean;
}
const all: Sample[] = [];
let clincValidation: { inScope: Sample[]; oos: Sample[] } | undefined;

function samplesOf(model: NluModel, rows: { text: string; intent: string }[]): Sample[] {
  return rows.map((row) => {
    const scores = model.scoreText(row.text);
    let best = 0;
    for (let k = 1; k < scores.length; k++) if (scores[k]! > scores[best]!) best = k;
    let second = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < scores.length; k++) if (k !== best && scores[k]! > second) second = scores[k]!;
    const oos = row.intent === 'oos';
    return {
      score: scores[best]!,
      lead: scores[best]! - second,
      coverage: model.lastCoverage,
      correct: !oos && model.intents[best]!.name === row.intent,
      oos,
    };
  });
}

const conf = (s: Sample, c: Calibration) =>
  1 /
  (1 + Math.exp(-(c.scoreSlope * s.score + c.leadSlope * s.lead + (c.coverageSlope ?? 0) * s.coverage + c.intercept)));

/**
 * The shaped calibration: the signal's shape (CONFIDENCE_SHAPE: lead and coverage relative to the score) is
 * fixed, its slope and intercept fitted by logistic regression on whether the best class was right.
 */
function fitShaped(samples: Sample[]): Calibration {
  const signal = (s: Sample) => s.score + CONFIDENCE_SHAPE.lead * s.lead + CONFIDENCE_SHAPE.coverage * s.coverage;
  const fitted = fitCalibration(samples.map((s) => ({ score: signal(s), lead: 0, correct: s.correct })));
  return {
    scoreSlope: fitted.scoreSlope,
    leadSlope: fitted.scoreSlope * CONFIDENCE_SHAPE.lead,
    coverageSlope: fitted.scoreSlope * CONFIDENCE_SHAPE.coverage,
    intercept: fitted.intercept,
  };
}

/** The best out-of-scope recall at in-scope accuracy ≥ 92% over all thresholds, for a signal (shape search). */
function bestRecall(inScope: Sample[], oos: Sample[], signal: (s: Sample) => number) {
  const right = inScope
    .filter((s) => s.correct)
    .map(signal)
    .sort((a, b) => a - b);
  const outside = oos.map(signal).sort((a, b) => a - b);
  let best = 0;
  let i = 0;
  let j = 0;
  for (const t of [...right, ...outside].sort((a, b) => a - b)) {
    while (i < right.length && right[i]! < t) i++;
    while (j < outside.length && outside[j]! < t) j++;
    if ((right.length - i) / inScope.length >= 0.92) best = Math.max(best, j / outside.length);
  }
  return best;
}

for (const name of ['clinc150', 'hwu64', 'snips']) {
  const dataset = loadDataset(directory, name);
  const split = dataset.validation ? { fit: dataset.train, validation: dataset.validation } : holdOut(dataset.train);
  const examples = toExamples(split.fit);
  const model = new NluModel(await fitModel(examples, 'en', [], {}));
  const samples = samplesOf(model, split.validation);
  console.log(name, 'calibration in scope', fitShaped(samples));
  all.push(...samples);
  if (name === 'clinc150') {
    const oos = samplesOf(model, readJsonLines(join(directory, 'clinc150.oos_val.jsonl')));
    // The shape: out-of-scope recall of CLINC150 val at in-scope ≥ 92%, for lead and coverage weights.
    for (const lead of [0, 0.3, 1, 1.5, 2, 3]) {
      const row = [0, 0.5, 0.8, 1.2, 1.6, 2].map((coverage) => {
        const recall = bestRecall(samples, oos, (s) => s.score + lead * s.lead + coverage * s.coverage);
        return `coverage ${coverage}: ${(100 * recall).toFixed(0)}%`;
      });
      console.log(`shape: lead ${lead}`, row.join(', '));
    }
    clincValidation = { inScope: samples, oos };
  }
}
// In-scope predictions only (a project has no out-of-scope examples): whether the best intent was right.
const calibration = fitShaped(all);
console.log('all calibration', calibration);
// The default threshold: CLINC150 val's best oos recall at most 2 points of in-scope accuracy below its raw accuracy.
if (clincValidation) {
  const { inScope, oos } = clincValidation;
  const raw = inScope.filter((s) => s.correct).length / inScope.length;
  for (let t = 0.1; t < 0.95; t += 0.05) {
    const accuracy = inScope.filter((s) => s.correct && conf(s, calibration) >= t).length / inScope.length;
    const recall = oos.filter((s) => conf(s, calibration) < t).length / oos.length;
    const within = raw - accuracy <= 0.02 ? ' (within 2 points)' : '';
    console.log(
      `all: threshold ${t.toFixed(2)} in-scope ${(100 * accuracy).toFixed(1)} oos recall ${(100 * recall).toFixed(1)}${within}`,
    );
  }
}
