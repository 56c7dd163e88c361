import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One `{"text", "intent"}` per line. */
export interface LabelledText {
  text: string;
  intent: string;
}

export interface BenchDataset {
  name: string;
  train: LabelledText[];
  test: LabelledText[];
  /** The validation split when the dataset has one (`.val.jsonl` or `.valid.jsonl`). */
  validation?: LabelledText[];
}

export function readJsonLines(path: string, optional = false): LabelledText[] {
  if (optional && !existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledText);
}

/** Every `<name>.train.jsonl` with a `<name>.test.jsonl` beside it is a dataset. */
export function findDatasets(directory: string): string[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.train.jsonl'))
    .map((file) => file.slice(0, -'.train.jsonl'.length))
    .filter((name) => existsSync(join(directory, `${name}.test.jsonl`)))
    .sort();
}

export function loadDataset(directory: string, name: string): BenchDataset {
  const dataset: BenchDataset = {
    name,
    train: readJsonLines(join(directory, `${name}.train.jsonl`)),
    test: readJsonLines(join(directory, `${name}.test.jsonl`)),
  };
  for (const suffix of ['val', 'valid']) {
    const path = join(directory, `${name}.${suffix}.jsonl`);
    if (existsSync(path)) dataset.validation = readJsonLines(path);
  }
  return dataset;
}

/** A deterministic hold-out for datasets without a validation split: every fifth example of each intent. */
export function holdOut(train: LabelledText[], every = 5): { fit: LabelledText[]; validation: LabelledText[] } {
  const counts = new Map<string, number>();
  const fit: LabelledText[] = [];
  const validation: LabelledText[] = [];
  for (const example of train) {
    const n = counts.get(example.intent) ?? 0;
    counts.set(example.intent, n + 1);
    (n % every === every - 1 ? validation : fit).push(example);
  }
  return { fit, validation };
}

/** Labelled sentences to the engine's example form: class per distinct intent name, in first-seen order. */
export function toExamples(rows: LabelledText[]) {
  const classOf = new Map<string, number>();
  const labels = new Int32Array(rows.length);
  rows.forEach((row, i) => {
    if (!classOf.has(row.intent)) classOf.set(row.intent, classOf.size);
    labels[i] = classOf.get(row.intent)!;
  });
  const intents = [...classOf.keys()].map((name, id) => ({ id: id + 1, name }));
  return { intents, texts: rows.map((r) => r.text), labels };
}
