// `npm run statecharts [-- --check] [-- --since <revision>]`: writes docs/statecharts/* from src/machines/*/machine.ts,
// or lists stale files, or also compares every chart with its JSON at a revision (for the gallery's "Changes since").
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './statecharts/diff.ts';
import { describeCharts, generateStatecharts } from './statecharts/generate.ts';
import { compareSince, writeComparison } from './statecharts/since.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const sinceAt = process.argv.indexOf('--since');
const since = sinceAt >= 0 ? process.argv[sinceAt + 1] : undefined;
if (sinceAt >= 0 && (!since || since.startsWith('--'))) {
  console.error('usage: npm run statecharts -- --since <git revision>');
  process.exit(2);
}
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

if (since) {
  const comparison = compareSince(root, since, await describeCharts(root));
  writeComparison(join(root, 'docs', 'statecharts'), comparison);
  const differing = comparison.machines.filter((m) => m.status !== 'unchanged');
  console.log(`Changes since ${since} (${comparison.commit.slice(0, 10)} ${comparison.subject}):`);
  for (const machine of differing) console.log(`  ${summarize(machine)}`);
  if (!differing.length) console.log('  none');
  console.log('Open docs/statecharts/index.html and choose it under "Changes since".');
}
