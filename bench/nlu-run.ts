// One engine on one dataset, in its own process so that its peak memory is its own:
// node bench/nlu-run.ts <ours|nlp.js|ours-evaluation|ours-czech> <dataset>   (prints one JSON line)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { evaluateProject, loadModel, trainModel, withDefaultThreshold } from '../server/nlu/index.ts';
import type { TrainingData } from '../server/nlu/index.ts';
import { DEFAULT_THRESHOLD } from '../server/nlu/train.ts';
import { loadDataset, readJsonLines } from './nlu-data.ts';
import type { LabelledText } from './nlu-data.ts';
import { cpuSeconds, peakRssMB, percentile } from './nlu-latency.ts';

const [engine, name] = process.argv.slice(2) as [string, string];
const directory = process.env.NLU_BENCH_DATA ?? '/work/shared/data/nlu';
const dataset = engine === 'ours-czech' ? { name, train: [], test: [] } : loadDataset(directory, name);

function trainingData(rows: LabelledText[]): TrainingData {
  const byIntent = new Map<string, string[]>();
  for (const row of rows) byIntent.set(row.intent, [...(byIntent.get(row.intent) ?? []), row.text]);
  return {
    language: 'en',
    intents: [...byIntent].map(([intent, templates], i) => ({ id: i + 1, name: intent, templates })),
    synonyms: [],
    entities: [],
  };
}

async function runOurs() {
  const data = trainingData(dataset.train);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const bytes = await trainModel(data);
  const trainSeconds = (performance.now() - started) / 1000;
  const trainCpuSeconds = cpuSeconds(process.cpuUsage(cpuBefore));
  const loadStarted = performance.now();
  const model = loadModel(bytes);
  const loadMs = performance.now() - loadStarted;
  const latencies: number[] = [];
  let correct = 0;
  // Classification with threshold 0 measures the classifier itself (accuracy as the datasets define it).
  for (const row of dataset.test) {
    const t0 = performance.now();
    const result = model.classify(row.text, { threshold: 0 });
    latencies.push(performance.now() - t0);
    if (result.intent?.name === row.intent) correct++;
  }
  const run = {
    engine: 'ours',
    dataset: name,
    accuracy: correct / dataset.test.length,
    trainSeconds,
    trainCpuSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    peakRssMB: peakRssMB(),
    modelBytes: bytes.byteLength,
    loadMs,
  };
  const oosVal = join(directory, `${name}.oos_val.jsonl`);
  const oos = dataset.validation
    ? outOfScope(model, readJsonLines(oosVal, true), readJsonLines(join(directory, `${name}.oos_test.jsonl`), true))
    : undefined;
  return { run, oos };
}

/**
 * Out of scope: the threshold is chosen on the validation splits (in-scope val + oos val) as the one with
 * the best oos recall that costs in-scope accuracy at most 2 points; then measured on the test splits.
 */
function outOfScope(model: ReturnType<typeof loadModel>, oosVal: LabelledText[], oosTest: LabelledText[]) {
  if (oosVal.length === 0 || oosTest.length === 0) return undefined;
  const measure = (inScope: LabelledText[], outside: LabelledText[], threshold: number) => {
    const inScopeResults = inScope.map((row) => model.classify(row.text, { threshold: 0 }));
    const outsideResults = outside.map((row) => model.classify(row.text, { threshold: 0 }));
    return (t: number) => ({
      inScopeAccuracy:
        inScopeResults.filter((r, i) => r.confidence >= t && r.intent?.name === inScope[i]!.intent).length /
        inScope.length,
      oosRecall: outsideResults.filter((r) => r.confidence < t).length / outside.length,
      rawAccuracy: inScopeResults.filter((r, i) => r.intent?.name === inScope[i]!.intent).length / inScope.length,
      threshold,
    });
  };
  const validation = measure(dataset.validation!, oosVal, 0);
  let chosen = 0;
  let chosenRecall = -1;
  for (let t = 0; t <= 0.951; t += 0.05) {
    const threshold = Math.round(t * 100) / 100;
    const at = validation(threshold);
    if (at.rawAccuracy - at.inScopeAccuracy <= 0.02 && at.oosRecall > chosenRecall) {
      chosen = threshold;
      chosenRecall = at.oosRecall;
    }
  }
  const test = measure(dataset.test, oosTest, chosen);
  const atChosen = test(chosen);
  const atDefault = test(DEFAULT_THRESHOLD);
  return {
    threshold: chosen,
    inScopeAccuracy: atChosen.inScopeAccuracy,
    oosRecall: atChosen.oosRecall,
    validation: { inScopeAccuracy: validation(chosen).inScopeAccuracy, oosRecall: validation(chosen).oosRecall },
    settingsDefault: {
      threshold: DEFAULT_THRESHOLD,
      inScopeAccuracy: atDefault.inScopeAccuracy,
      oosRecall: atDefault.oosRecall,
    },
    curve: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7].map((t) => {
      const at = test(t);
      return { threshold: t, inScopeAccuracy: at.inScopeAccuracy, oosRecall: at.oosRecall };
    }),
  };
}

async function runNlpJs() {
  const worker = new Worker(new URL('./nlu-nlpjs-worker.ts', import.meta.url), {
    workerData: { train: dataset.train, test: dataset.test },
  });
  const result = await new Promise<{
    accuracy: number;
    trainSeconds: number;
    trainCpuSeconds: number;
    p50Ms: number;
    p99Ms: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return { run: { engine: 'nlp.js', dataset: name, ...result, peakRssMB: peakRssMB() } };
}

async function runEvaluation() {
  const data = trainingData(dataset.train);
  const evaluation = await evaluateProject(data, { folds: 5, seed: 42 });
  const seconds = evaluation.seconds;
  const peak = peakRssMB();
  // Out of scope at the threshold the project's own cross-validation chose (what a trained project uses).
  const model = loadModel(withDefaultThreshold(await trainModel(data), evaluation.project_threshold));
  const oosTest = readJsonLines(join(directory, `${name}.oos_test.jsonl`), true);
  const oosVal = readJsonLines(join(directory, `${name}.oos_val.jsonl`), true);
  const at = (inScope: LabelledText[], outside: LabelledText[]) => ({
    inScopeAccuracy:
      inScope.filter((row) => model.classify(row.text).intent?.name === row.intent).length / inScope.length,
    oosRecall: outside.filter((row) => model.classify(row.text).intent === null).length / outside.length,
  });
  const projectThreshold =
    oosTest.length > 0
      ? {
          threshold: evaluation.project_threshold,
          ...at(dataset.test, oosTest),
          validation: dataset.validation && oosVal.length > 0 ? at(dataset.validation, oosVal) : undefined,
        }
      : { threshold: evaluation.project_threshold };
  return {
    evaluation: {
      dataset: name,
      folds: evaluation.folds,
      seconds,
      accuracy: evaluation.accuracy,
      accuracyWithoutConfidence: evaluation.accuracy_without_confidence,
      clashes: evaluation.clashes.length,
      peakRssMB: peak,
      projectThreshold,
    },
  };
}

/**
 * The Czech fixture (test/fixtures/czech-project: 24 intents, 195 templates with synonyms and entities) and its
 * two held-out sets, classified by the engine (the same templates as `npm test`'s run through the chat API).
 */
async function runCzech() {
  const fixture = new URL('../test/fixtures/czech-project/', import.meta.url);
  const read = (file: string) => JSON.parse(readFileSync(new URL(file, fixture), 'utf8'));
  const project = read('project.json') as TrainingData;
  const started = performance.now();
  const model = loadModel(await trainModel(project));
  const trainSeconds = (performance.now() - started) / 1000;
  const accuracy = (file: string) => {
    const phrases = read(file) as LabelledText[];
    const right = phrases.filter((p) => model.classify(p.text, { threshold: 0 }).intent?.name === p.intent);
    return { phrases: phrases.length, accuracy: right.length / phrases.length };
  };
  return {
    czech: {
      intents: project.intents.length,
      templates: project.intents.reduce((n, i) => n + i.templates.length, 0),
      trainSeconds,
      fixtureHeldOut: accuracy('held-out.json'),
      chatHeldOut: accuracy('chat-held-out.json'),
    },
  };
}

const output =
  engine === 'nlp.js'
    ? await runNlpJs()
    : engine === 'ours-evaluation'
      ? await runEvaluation()
      : engine === 'ours-czech'
        ? await runCzech()
        : await runOurs();
process.stdout.write(`${JSON.stringify(output)}\n`);
