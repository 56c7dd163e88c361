// `npm run test:quick`: the loop for the person changing code, minutes instead of the whole suite. Lint of the
// changed files, types, the unit tests, and the test files related to the working tree's changes (against HEAD, or
// against the revision given: `npm run test:quick -- main`): changed test files themselves, test files that import a
// changed file directly, and test files named after it (server/features/intents/intents.ts → test/server/intents*.test.ts).
// Server files run on PGlite; end-to-end files need `npm run build` first and are listed, not run. `npm test` stays
// the full check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const since = process.argv[2] ?? 'HEAD';

const git = (...args: string[]) =>
  spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((file) => fs.existsSync(path.join(root, file)));

const testFiles = git('ls-files', 'test').filter((file) => /\.test\.tsx?$/.test(file));
const projectOf = (file: string) => file.split('/')[1];
const stem = (file: string) => path.basename(file).replace(/\.(test\.)?tsx?$/, '');

// Each test file read once, however many files changed.
const testTexts = new Map(testFiles.map((test) => [test, fs.readFileSync(path.join(root, test), 'utf8')]));

/** Test files that import `source` directly (by its path relative to the test file). */
function importers(source: string): string[] {
  const withoutExtension = source.replace(/\.tsx?$/, '');
  return testFiles.filter((test) => {
    const relative = path.relative(path.dirname(test), withoutExtension);
    const text = testTexts.get(test) ?? '';
    return text.includes(`'${relative}.ts'`) || text.includes(`'${relative}.tsx'`) || text.includes(`'${relative}'`);
  });
}

const related = new Set<string>();
for (const file of changed) {
  if (!/\.tsx?$/.test(file)) continue;
  if (/\.test\.tsx?$/.test(file) && file.startsWith('test/')) related.add(file);
  else {
    for (const test of importers(file)) related.add(test);
    const name = stem(file);
    if (name.length > 3)
      for (const test of testFiles) if (stem(test).startsWith(name) || name.startsWith(stem(test))) related.add(test);
  }
}
const toRun = [...related].filter((file) => projectOf(file) !== 'e2e' && projectOf(file) !== 'fixtures');
const e2e = [...related].filter((file) => projectOf(file) === 'e2e');

console.log(`Changed since ${since}: ${changed.length ? changed.join(', ') : 'nothing'}`);
const started = Date.now();
const step = (title: string, command: string, args: string[]): boolean => {
  console.log(`\n=== ${title} ===`);
  const t = Date.now();
  const ok = spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)} s ===`);
  return ok;
};
const lintable = changed.filter((file) => /\.(tsx?|json|css)$/.test(file));
const results = [
  lintable.length ? step('lint (biome, changed files)', bin('biome'), ['check', ...lintable]) : true,
  step('types (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  step('unit tests, and the test files related to the change', bin('vitest'), [
    'run',
    '--project',
    'unit',
    ...(toRun.some((file) => projectOf(file) === 'server') ? ['--project', 'server'] : []),
    ...(toRun.some((file) => projectOf(file) === 'model') ? ['--project', 'model'] : []),
    '--maxWorkers=2',
    ...(toRun.length
      ? [...toRun, ...testFiles.filter((file) => projectOf(file) === 'unit' || projectOf(file) === 'nlu')]
      : []),
  ]),
];
if (e2e.length)
  console.log(`\nRelated end-to-end files (npm run build, then npx vitest run --project e2e …): ${e2e.join(' ')}`);
const ok = results.every(Boolean);
console.log(
  `\ntest:quick ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s (npm test runs everything)`,
);
process.exit(ok ? 0 : 1);
