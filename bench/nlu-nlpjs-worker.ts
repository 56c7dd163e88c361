// Trains and tests nlp.js in a worker thread (so its training does not block), as the issue asks:
// @nlpjs/core + @nlpjs/nlp + @nlpjs/lang-en-min, logging off, threshold 0, no sentiment.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { LabelledText } from './nlu-data.ts';
import { cpuSeconds, percentile } from './nlu-latency.ts';

const require = createRequire(import.meta.url);
const { containerBootstrap } = require('@nlpjs/core');
const { Nlp } = require('@nlpjs/nlp');
const { LangEn } = require('@nlpjs/lang-en-min');

const { train, test } = workerData as { train: LabelledText[]; test: LabelledText[] };
const container = await containerBootstrap();
container.use(Nlp);
container.use(LangEn);
const nlp = new Nlp({ container, autoSave: false, threshold: 0, calculateSentiment: false, nlu: { log: false } });
nlp.addLanguage('en');
for (const row of train) nlp.addDocument('en', row.text, row.intent);
const started = performance.now();
const cpuBefore = process.cpuUsage();
await nlp.train();
const trainSeconds = (performance.now() - started) / 1000;
const trainCpuSeconds = cpuSeconds(process.cpuUsage(cpuBefore));
let correct = 0;
const latencies: number[] = [];
for (const row of test) {
  const t0 = performance.now();
  const result = await nlp.process('en', row.text);
  latencies.push(performance.now() - t0);
  if (result.intent === row.intent) correct++;
}
parentPort!.postMessage({
  accuracy: correct / test.length,
  trainSeconds,
  trainCpuSeconds,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
});
