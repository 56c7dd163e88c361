// `npm test`: every check the project keeps, in order, and one closing line 'N passed, N failed'.
// Lint and format (Biome), types (tsc), unit + server (PGlite) + model tests, the server tests again on
// PostgreSQL when it answers on 127.0.0.1:5432, then the console is built and the Chromium end-to-end tests run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, 'test-artifacts');
fs.mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
// Each failed test by file and name, printed again just above the closing line: CI keeps only the end of the
// output, and a stage's name alone does not say which of its two thousand tests failed.
const failedTests: string[] = [];

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  return ok;
}

function check(title: string, command: string, args: string[]): void {
  if (run(title, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(title);
  }
}

function vitest(title: string, projects: string[], env: Record<string, string> = {}, extra: string[] = []): void {
  const output = path.join(resultsDir, `vitest-${title.replace(/\W+/g, '-')}.json`);
  fs.rmSync(output, { force: true });
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
    ...extra,
  ];
  const ok = run(title, bin('vitest'), args, env);
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

console.log(`Node ${process.version}`);
check('lint and format (biome)', bin('biome'), ['ci', '.']);
check('types (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
// Two files at a time: vitest's default (cores - 1) runs one at a time on a 2-core machine; measured 627 s instead
// of 1,024 s for this stage. On PostgreSQL too: the test databases are copied from one template one at a time
// (an advisory lock in test/server/helpers/test-database.ts), the tests themselves run side by side.
// The model reporter (as in `npm run test:model`) leaves QA's JUnit and HTML reports in test-artifacts/model.
vitest('unit, server on PGlite, model', ['unit', 'server', 'model'], {}, [
  '--maxWorkers=2',
  '--reporter=./test/model/report-reporter.ts',
]);
// On PostgreSQL, the files where the two backends differ: concurrency and locking (a pool of connections instead of
// PGlite's one), notifications, durability, the job queue, the campaign engine's claims, SQL-heavy reports and what
// crosses projects (and the chat's batch writes: named statements, one notification per batch); and the
// several-instances files (two server processes behind HAProxy, the faults file on a PostgreSQL cluster of its own),
// which skip on PGlite. The other server files run the same statements on either
// database and ran above on PGlite (`TEST_DB=postgres npx vitest run --project server` runs them all on PostgreSQL).
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
];
if (await postgresAnswers())
  vitest('server on PostgreSQL', ['server'], { TEST_DB: 'postgres' }, [
    '--maxWorkers=2',
    ...differOnPostgres.map((name) => `test/server/${name}.test.ts`),
  ]);
else console.log('\nPostgreSQL does not answer on 127.0.0.1:5432: its server tests are skipped.');
if (
  run('build the console', process.execPath, [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--logLevel',
    'warn',
  ])
) {
  // Two files at a time: an e2e file waits on its server and Chromium much of the time (measured 668 s one at a time).
  vitest('end to end in Chromium', ['e2e'], {}, ['--maxWorkers=2']);
} else {
  failed += 1;
  failures.push('build');
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
for (const test of failedTests) console.log(`  ✗ ${test}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
