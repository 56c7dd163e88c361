// Records what the model-based tests exercised: prints one line per machine and merges it into test-artifacts.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface CoverageCount {
  covered: number;
  total: number;
  /** Ids of what was not covered, sorted, so a reader knows what to add. */
  missing: string[];
}

export interface ModelCoverage {
  machine: string;
  paths: number;
  states: CoverageCount;
  transitions: CoverageCount;
}

export const COVERAGE_FILE = resolve(import.meta.dirname, '..', '..', 'test-artifacts', 'model-coverage.json');

export function coverageLine(c: ModelCoverage): string {
  return `model coverage ${c.machine}: states ${c.states.covered}/${c.states.total}, transitions ${c.transitions.covered}/${c.transitions.total}`;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Test files run in parallel workers, so the read-merge-write is guarded by an exclusive lock file. */
function withLock<T>(file: string, action: () => T): T {
  const lock = `${file}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (attempt > 200) rmSync(lock, { force: true }); // stale lock from a killed run
      sleep(10);
    }
  }
  try {
    return action();
  } finally {
    rmSync(lock, { force: true });
  }
}

export function recordCoverage(coverage: ModelCoverage, file = COVERAGE_FILE): void {
  process.stdout.write(`${coverageLine(coverage)}\n`);
  mkdirSync(join(file, '..'), { recursive: true });
  withLock(file, () => {
    const all: Record<string, ModelCoverage> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    all[coverage.machine] = coverage;
    const sorted = Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(`${file}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  });
}
