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
  return { run };
}

/**
 * In-scope accuracy (right intent at or above threshold `t`) and out-of-scope recall (confidence below `t`),
 * from one classification of every sentence at threshold 0.
 */
function scoredAt(model: ReturnType<typeof loadModel>, inScope: LabelledText[], outside: LabelledText[]) {
  const inScopeResults = inScope.map((row) => model.classify(row.text, { threshold: 0 }));
  const outsideResults = outside.map((row) => model.classify(row.text, { threshold: 0 }));
  return (t: number) => ({
    inScopeAccuracy:
      inScopeResults.filter((r, i) => r.confidence >= t && r.intent?.name === inScope[i]!.intent).length /
      inScope.length,
    oosRecall: outsideResults.filter((r) => r.confidence < t).length / outside.length,
  });
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
  // What the training job does (server/features/training/train-thread.ts, EVALUATION_FOLDS 5 and EVALUATION_SEED 42 of
  // train-draft-job.ts): train, cross-validate, and the model carries the threshold the cross-validation chose.
  const evaluation = await evaluateProject(data, { folds: 5, seed: 42 });
  const seconds = evaluation.seconds;
  const peak = peakRssMB();
  const model = loadModel(withDefaultThreshold(await trainModel(data), evaluation.project_threshold));
  const threshold = model.defaultThreshold;
  const oosTest = readJsonLines(join(directory, `${name}.oos_test.jsonl`), true);
  const oosVal = readJsonLines(join(directory, `${name}.oos_val.jsonl`), true);
  let oos: Record<string, unknown> | undefined;
  if (oosTest.length > 0) {
    const test = scoredAt(model, dataset.test, oosTest);
    const validation =
      dataset.validation && oosVal.length > 0 ? scoredAt(model, dataset.validation, oosVal) : undefined;
    oos = {
      thresholdFrom: "the project's own 5-fold cross-validation (evaluateProject, as the training job)",
      threshold,
      ...test(threshold),
      validation: validation?.(threshold),
      settingsDefault: { threshold: DEFAULT_THRESHOLD, ...test(DEFAULT_THRESHOLD) },
      curve: [0.2, 0.3, 0.4, 0.5, 0.6, 0.7].map((t) => ({ threshold: t, ...test(t) })),
    };
  }
  return {
    evaluation: {
      dataset: name,
      folds: evaluation.folds,
      seconds,
      accuracy: evaluation.accuracy,
      accuracyWithoutConfidence: evaluation.accuracy_without_confidence,
      clashes: evaluation.clashes.length,
      peakRssMB: peak,
      projectThreshold: evaluation.project_threshold,
      projectThresholdBasis: evaluation.project_threshold_basis,
    },
    oos,
  };
}

/**
 * The Czech fixture (test/fixtures/czech-project: 24 intents, 195 templates with synonyms and entities) and its
 * two held-out sets, classified by the engine (the same templates as `npm test`'s run through the chat API): the
 * share whose intent ranks first (threshold 0) and the share answered right at the threshold the project's own
 * cross-validation chose, as the training job leaves it (issue 34 item 6: at least 98%).
 */
async function runCzech() {
  const fixture = new URL('../test/fixtures/czech-project/', import.meta.url);
  const read = (file: string) => JSON.parse(readFileSync(new URL(file, fixture), 'utf8'));
  const project = read('project.json') as TrainingData;
  const started = performance.now();
  const bytes = await trainModel(project);
  const trainSeconds = (performance.now() - started) / 1000;
  const evaluation = await evaluateProject(project, { folds: 5, seed: 42 });
  const model = loadModel(withDefaultThreshold(bytes, evaluation.project_threshold));
  const accuracy = (file: string) => {
    const phrases = read(file) as LabelledText[];
    const right = phrases.filter((p) => model.classify(p.text, { threshold: 0 }).intent?.name === p.intent);
    const answered = phrases.filter((p) => model.classify(p.text).intent?.name === p.intent);
    return {
      phrases: phrases.length,
      accuracy: right.length / phrases.length,
      answeredAtProjectThreshold: answered.length / phrases.length,
    };
  };
  return {
    czech: {
      intents: project.intents.length,
      templates: project.intents.reduce((n, i) => n + i.templates.length, 0),
      trainSeconds,
      projectThreshold: evaluation.project_threshold,
      projectThresholdBasis: evaluation.project_threshold_basis,
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
