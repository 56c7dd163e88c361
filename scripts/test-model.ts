// `npm run test:model [-- <machine>...]`: the model-based suites (all, or the named machines'), then QA's reports
// (test-artifacts/model/junit.xml and report.html) and the states and transitions no path walked, by name.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const modelDir = join(root, 'test', 'model');
const machines = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith('-'));

/** A machine's suite: test/model/<machine>.test.tsx, or the file that declares `name: '<machine>'`. */
function suiteOf(machine: string): string {
  for (const ext of ['tsx', 'ts']) {
    const file = join('test', 'model', `${machine}.test.${ext}`);
    if (existsSync(join(root, file))) return file;
  }
  const declaring = readdirSync(modelDir)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .find((f) => readFileSync(join(modelDir, f), 'utf8').includes(`name: '${machine}'`));
  if (!declaring) {
    console.error(`No model suite for "${machine}" (test/model/${machine}.test.tsx or name: '${machine}').`);
    process.exit(2);
  }
  return join('test', 'model', declaring);
}

const files = [...new Set(machines.map(suiteOf))];
const vitest = join(root, 'node_modules', '.bin', 'vitest');
const args = ['run', '--project', 'model', '--reporter=default', '--reporter=./test/model/report-reporter.ts'];
const result = spawnSync(vitest, [...args, ...passThrough, ...files], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
