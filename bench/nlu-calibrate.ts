// Fits the confidence calibration and picks the default threshold on validation splits only:
// NLU_BENCH_DATA=/work/shared/data/nlu node bench/nlu-calibrate.ts
import { join } from 'node:path';
import { fitCalibration } from '../server/nlu/calibration.ts';
import type { Calibration } from '../server/nlu/calibration.ts';
import { NluModel } from '../server/nlu/model.ts';
import { fitModel } from '../server/nlu/train.ts';
import { holdOut, loadDataset, readJsonLines, toExamples } from './nlu-data.ts';

const directory = process.env.NLU_BENCH_DATA ?? '/work/shared/data/nlu';
interface Sample {
  score: number;
  lead: number;
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
      correct: !oos && model.intents[best]!.name === row.intent,
      oos,
    };
  });
}

const conf = (s: Sample, c: Calibration) =>
  1 / (1 + Math.exp(-(c.scoreSlope * s.score + c.leadSlope * s.lead + c.intercept)));

for (const name of ['clinc150', 'hwu64', 'snips']) {
  const dataset = loadDataset(directory, name);
  const split = dataset.validation ? { fit: dataset.train, validation: dataset.validation } : holdOut(dataset.train);
  const examples = toExamples(split.fit);
  const model = new NluModel(await fitModel(examples, 'en', [], {}));
  const samples = samplesOf(model, split.validation);
  console.log(name, 'calibration in scope', fitCalibration(samples));
  all.push(...samples);
  if (name === 'clinc150') {
    const oos = samplesOf(model, readJsonLines(join(directory, 'clinc150.oos_val.jsonl')));
    const withOos = [...samples, ...oos];
    const calibration = fitCalibration(withOos);
    console.log('clinc150 calibration with oos', calibration);
    for (const c of [calibration]) {
      for (let t = 0.1; t < 0.95; t += 0.05) {
        const inScope = samples.filter((s) => s.correct && conf(s, c) >= t).length / samples.length;
        const recall = oos.filter((s) => conf(s, c) < t).length / oos.length;
        console.log(
          `threshold ${t.toFixed(2)} in-scope ${(100 * inScope).toFixed(1)} oos recall ${(100 * recall).toFixed(1)}`,
        );
      }
    }
    // Raw score alone, for comparison.
    for (let t = -0.6; t < 0.4; t += 0.1) {
      const inScope = samples.filter((s) => s.correct && s.score >= t).length / samples.length;
      const recall = oos.filter((s) => s.score < t).length / oos.length;
      console.log(
        `raw score ${t.toFixed(2)} in-scope ${(100 * inScope).toFixed(1)} oos recall ${(100 * recall).toFixed(1)}`,
      );
    }
    all.push(...oos);
    clincValidation = { inScope: samples, oos };
  }
}
const calibration = fitCalibration(all);
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
