// `npm test`: every check the project keeps, and one closing line 'N passed, N failed'.
// Lint and format (Biome), types (tsc) and the console's build run side by side first; then unit + server (PGlite) +
// model tests, the server tests again on PostgreSQL when it answers on 127.0.0.1:5432, and the Chromium end-to-end
// tests. Each stage's full output goes to test-artifacts/<stage>.log; the terminal gets each stage's start, end and
// (when it failed) tail, then where the time went and every failed test by name.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
// Node's compile cache for every process the suite starts (vitest's workers, each e2e file's `node server/main.ts`,
// the durability writers, the backup scripts): a module compiled once is not compiled again. Measured on one server
// start on a copy of the e2e template, loaded machine: 3.6–4.8 s without, 1.7–2.2 s with.
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules', '.cache', 'node-compile-cache');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, 'test-artifacts');
fs.mkdirSync(resultsDir, { recursive: true });

// Where the time goes: each stage's wall time and each test file's, printed before the closing line and written to
// test-artifacts/timings.json (the 15 slowest files are what to look at first when the suite grows slow).
const stageTimes: { stage: string; seconds: number; ok: boolean; startedAt: number }[] = [];
const fileTimes: { stage: string; file: string; seconds: number }[] = [];
const suiteStarted = Date.now();

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
// Each failed test by file and name, printed again just above the closing line: CI keeps only the end of the
// output, and a stage's name alone does not say which of its two thousand tests failed.
const failedTests: string[] = [];

const slug = (title: string) => title.replace(/\W+/g, '-').replace(/^-|-$/g, '');
const elapsed = () => `${((Date.now() - suiteStarted) / 1000).toFixed(0).padStart(4)} s`;

/** Runs one stage with its output in test-artifacts/<stage>.log; prints its start, end and (when it failed) tail. */
function run(title: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  const logFile = path.join(resultsDir, `${slug(title)}.log`);
  const log = fs.openSync(logFile, 'w');
  console.log(`${elapsed()}  ▶ ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', log, log],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    const finish = (ok: boolean) => {
      fs.closeSync(log);
      const seconds = (Date.now() - started) / 1000;
      stageTimes.push({ stage: title, seconds, ok, startedAt: (started - suiteStarted) / 1000 });
      console.log(`${elapsed()}  ${ok ? '✓' : '✗'} ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      if (!ok) {
        const lines = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n');
        console.log(`--- the last lines of ${path.relative(root, logFile)} ---\n${lines.slice(-40).join('\n')}\n---`);
      }
      resolve(ok);
    };
    child.on('error', () => finish(false));
    child.on('exit', (code) => finish(code === 0));
  });
}

async function check(title: string, command: string, args: string[]): Promise<boolean> {
  const ok = await run(title, command, args);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(title);
  }
  return ok;
}

async function vitest(title: string, env: Record<string, string>, args: string[]): Promise<void> {
  const output = path.join(resultsDir, `vitest-${slug(title)}.json`);
  fs.rmSync(output, { force: true });
  const ok = await run(
    title,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...args],
    env,
  );
  if (!fs.existsSync(output)) {
    failed += 1;
    failures.push(`${title} (no results)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  if (!ok && report.numFailedTests === 0) {
    failed += 1;
    failures.push(`${title} (suite error)`);
  } else if (report.numFailedTests > 0) failures.push(title);
  for (const file of report.testResults as VitestFileResult[]) {
    const where = path.relative(root, file.name);
    if (file.startTime && file.endTime)
      fileTimes.push({ stage: title, file: where, seconds: (file.endTime - file.startTime) / 1000 });
    const failedInFile = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedInFile) failedTests.push(`${title}: ${where} > ${test.fullName}`);
    if (file.status === 'failed' && failedInFile.length === 0)
      failedTests.push(`${title}: ${where} (${(file.message ?? 'failed').split('\n')[0]})`);
  }
}

type VitestFileResult = {
  name: string;
  status: string;
  message?: string;
  startTime?: number;
  endTime?: number;
  assertionResults: { fullName: string; status: string }[];
};

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * On PostgreSQL, the server files where the two backends differ: concurrency and locking (a pool of connections
 * instead of PGlite's one), notifications, durability, the job queue, the campaign engine's claims, SQL-heavy reports
 * and what crosses projects (and the chat's batch writes: named statements, one notification per batch); and the
 * several-instances files (two server processes behind HAProxy, the faults file on a PostgreSQL cluster of its own),
 * which skip on PGlite. The other server files run the same statements on either database and run on PGlite
 * (`TEST_DB=postgres npx vitest run --project server` runs them all on PostgreSQL).
 */
const differOnPostgres = [
  'concurrency',
  'durability',
  'sessions',
  'chat-socket',
  'chat-runtime',
  'training',
  'deployments',
  'campaign-engine',
  'stats',
  'knowledges',
  'knowledge-runtime',
  'tenant-isolation',
  'revisions',
  'project-clone',
  'conversations',
  'conversation-writes',
  'test-runs',
  'audit-fields',
  'unclassified',
  'users-logs',
  'campaign-processes',
  'instances',
  'instances-faults',
  // Issue 37: two instances on their own connections mail each period once.
  'email-reports',
  'upgrade',
  'metrics',
  'backup',
];

console.log(`Node ${process.version}; each stage's output: test-artifacts/<stage>.log`);
const withPostgres = await postgresAnswers();
if (!withPostgres) console.log('PostgreSQL does not answer on 127.0.0.1:5432: its server tests are skipped.');

const [, , built] = await Promise.all([
  check('lint and format (biome)', bin('biome'), ['ci', '.']),
  check('types (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  check('build the console', process.execPath, [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--logLevel',
    'warn',
  ]),
]);

// In order, each with two files at a time (vitest's default, cores - 1, runs one at a time on 2 cores). Tried and
// measured: the end-to-end files at one at a time beside this stage took 1,176 s and slowed it too (the console
// server and Chromium are busy processes, not idle waits), so the stages stay one after another.
// The model reporter (as in `npm run test:model`) leaves QA's JUnit and HTML reports in test-artifacts/model.
await vitest('unit, server on PGlite, model', {}, [
  '--project',
  'unit',
  '--project',
  'server',
  '--project',
  'model',
  '--maxWorkers=2',
  '--reporter=./test/model/report-reporter.ts',
]);
// On PostgreSQL, the files where the two backends differ (differOnPostgres above says which and why).
if (withPostgres)
  await vitest('server on PostgreSQL', { TEST_DB: 'postgres' }, [
    '--project',
    'server',
    '--maxWorkers=2',
    ...differOnPostgres.map((name) => `test/server/${name}.test.ts`),
  ]);
// An e2e file waits on its server and Chromium part of the time: three at a time. Measured on the quiet machine, the
// stage alone: 668 s one at a time, about 294 s two at a time, 248 s three at a time (session 18).
if (built) await vitest('end to end in Chromium', {}, ['--project', 'e2e', '--maxWorkers=3']);

const slowest = [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 15);
const totalSeconds = (Date.now() - suiteStarted) / 1000;
fs.writeFileSync(
  path.join(resultsDir, 'timings.json'),
  `${JSON.stringify({ totalSeconds, stages: stageTimes, slowestFiles: slowest, files: fileTimes }, null, 2)}\n`,
);
console.log('\nWhere the time went (test-artifacts/timings.json), stages by start:');
for (const { stage, seconds, startedAt } of [...stageTimes].sort((a, b) => a.startedAt - b.startedAt))
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${stage} (from ${startedAt.toFixed(0)} s)`);
console.log(`  ${totalSeconds.toFixed(1).padStart(7)} s  the whole suite\nThe 15 slowest test files:`);
for (const { stage, file, seconds } of slowest)
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file} (${stage})`);

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
for (const test of failedTests) console.log(`  ✗ ${test}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
