// One training of our engine in this (fresh) process: the model's SHA-256, the training's wall and CPU time and the
// fresh memory it touched (minor page faults × 4 KiB; on this project's virtual machines each costs ~11 µs). A speed
// change that must keep the models as they were is checked by running it before and after, datasets alike:
//   node bench/nlu-model-digest.ts <dataset> [directory, default NLU_BENCH_DATA or /work/shared/data/nlu]
import { createHash } from 'node:crypto';
import { trainModel } from '../server/nlu/index.ts';
import type { TrainingData } from '../server/nlu/index.ts';
import { loadDataset } from './nlu-data.ts';

const [name, directory = process.env.NLU_BENCH_DATA ?? '/work/shared/data/nlu'] = process.argv.slice(2);
if (!name) {
  console.error('usage: node bench/nlu-model-digest.ts <dataset> [directory]');
  process.exit(1);
}
const dataset = loadDataset(directory, name);
const byIntent = new Map<string, string[]>();
for (const row of dataset.train) byIntent.set(row.intent, [...(byIntent.get(row.intent) ?? []), row.text]);
const data: TrainingData = {
  language: 'en',
  intents: [...byIntent].map(([intent, templates], i) => ({ id: i + 1, name: intent, templates })),
  synonyms: [],
  entities: [],
};
const faultsBefore = process.resourceUsage().minorPageFault;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const bytes = await trainModel(data);
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const touchedMB = ((process.resourceUsage().minorPageFault - faultsBefore) * 4) / 1024;
console.log(
  `${name.padEnd(10)} sha256 ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}  ` +
    `${wallMs.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU, ` +
    `${touchedMB.toFixed(1)} MB of fresh memory touched`,
);
