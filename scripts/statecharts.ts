// `npm run statecharts [-- --check]`: writes docs/statecharts/* from src/machines/*/machine.ts, or lists stale files.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateStatecharts } from './statecharts/generate.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const { machines, changed, removed } = await generateStatecharts({ root, check });

if (check) {
  if (changed.length || removed.length) {
    console.error('docs/statecharts is stale; run `npm run statecharts`. Files that would change:');
    for (const path of changed) console.error(`  ${path}`);
    for (const path of removed) console.error(`  ${path} (extra)`);
    process.exit(1);
  }
  console.log(`docs/statecharts is up to date (${machines.length} machines).`);
} else {
  console.log(`${machines.length} machines: ${machines.join(', ') || 'none'}.`);
  for (const path of changed) console.log(`  wrote ${path}`);
  for (const path of removed) console.log(`  removed ${path}`);
}
