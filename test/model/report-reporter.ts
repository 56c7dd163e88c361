// Vitest reporter for `npm run test:model`: after the run, QA's JUnit XML and HTML report, the gallery's coverage
// script, and the closing lines naming every state and transition no path walked.
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter } from 'vitest/node';
import { MODEL_ARTIFACTS, readMachineRuns, unwalkedLines, writeReports } from './report.ts';

export default class ModelReportReporter implements Reporter {
  onInit(): void {
    // Only this run's machines: a single-machine run must not report the others' old paths.
    rmSync(join(MODEL_ARTIFACTS, 'machines'), { recursive: true, force: true });
  }

  onTestRunEnd(): void {
    const runs = readMachineRuns();
    if (!runs.length) return;
    const files = writeReports(runs);
    const paths = runs.flatMap((r) => r.paths);
    const failed = paths.filter((p) => p.status === 'failed').length;
    const where = (file: string) => relative(process.cwd(), file);
    const lines = [
      '',
      `Model paths: ${paths.length} over ${runs.length} machines, ${failed} failed.`,
      `  JUnit: ${where(files.junit)}  HTML: ${where(files.html)}  (gallery coverage: ${where(files.coverage)})`,
      ...unwalkedLines(runs),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
