// Converts BANKING77 (Casanueva et al., 2020: 77 intents, 10,003 short online-banking queries to train on and
// 3,080 to test) to the benchmark's JSON lines. Source: github.com/PolyAI-LDN/task-specific-datasets,
// `banking_data/train.csv` and `banking_data/test.csv` (columns text,category), licence CC BY 4.0.
// The data is not part of this repository: clone that repository (or download the two files), then
//   node bench/nlu-convert-banking77.ts <folder with banking_data/> [output folder, default bench/data]
// and run the benchmark; it reads bench/data beside NLU_BENCH_DATA (bench/data is git-ignored).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const [source, output = join(dirname(fileURLToPath(import.meta.url)), 'data')] = process.argv.slice(2);
if (!source) {
  console.error('usage: node bench/nlu-convert-banking77.ts <folder with banking_data/> [output folder]');
  process.exit(1);
}
mkdirSync(output, { recursive: true });
for (const split of ['train', 'test']) {
  const rows = parse(readFileSync(join(source, 'banking_data', `${split}.csv`), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as { text: string; category: string }[];
  const lines = rows.map((row) => JSON.stringify({ text: row.text.trim(), intent: row.category }));
  writeFileSync(join(output, `banking77.${split}.jsonl`), `${lines.join('\n')}\n`);
  console.log(
    `banking77.${split}.jsonl: ${rows.length} sentences, ${new Set(rows.map((r) => r.category)).size} intents`,
  );
}
