// Hyper-parameter search on validation splits only (never the test split). Run:
// NLU_BENCH_DATA=/work/shared/data/nlu node bench/nlu-tune.ts [C=1] [charMax=5] ...
import { NluModel } from '../server/nlu/model.ts';
import { fitModel } from '../server/nlu/train.ts';
import { holdOut, loadDataset, toExamples } from './nlu-data.ts';

const directory = process.env.NLU_BENCH_DATA ?? '/work/shared/data/nlu';
const settings = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.split('='))
    .map(([k, v]) => [k, Number(v)]),
);
const datasets = (process.env.NLU_TUNE_DATASETS ?? 'clinc150,hwu64,snips').split(',');

for (const name of datasets) {
  const dataset = loadDataset(directory, name);
  const split = dataset.validation ? { fit: dataset.train, validation: dataset.validation } : holdOut(dataset.train);
  const examples = toExamples(split.fit);
  const started = performance.now();
  const parts = await fitModel(examples, 'en', [], {
    C: settings.C,
    positiveWeight: settings.positiveWeight,
    epsilon: settings.epsilon,
    minDf: settings.minDf,
    features: {
      ...(settings.charMax !== undefined ? { charMax: settings.charMax } : {}),
      ...(settings.charMin !== undefined ? { charMin: settings.charMin } : {}),
      ...(settings.charWeight !== undefined ? { charWeight: settings.charWeight } : {}),
      ...(settings.wordNgrams !== undefined ? { wordNgrams: settings.wordNgrams } : {}),
      ...(settings.crossWordChars !== undefined ? { crossWordChars: settings.crossWordChars === 1 } : {}),
      ...(settings.digitShapes !== undefined ? { digitShapes: settings.digitShapes === 1 } : {}),
      ...(settings.rawWords !== undefined ? { rawWords: settings.rawWords === 1 } : {}),
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const model = new NluModel(parts);
  let correct = 0;
  for (const row of split.validation) {
    const scores = model.scoreText(row.text);
    let best = 0;
    for (let k = 1; k < scores.length; k++) if (scores[k]! > scores[best]!) best = k;
    if (examples.intents[best]!.name === row.intent) correct++;
  }
  console.log(
    `${name}: val accuracy ${((100 * correct) / split.validation.length).toFixed(2)}% train ${seconds.toFixed(2)}s features ${parts.idf.length}`,
  );
}
