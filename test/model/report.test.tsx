// QA's reports from a real (tiny) model run: the toy machine's paths, one broken on purpose, into JUnit XML and HTML.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../fixtures/toy-machine/model.tsx';
import { createModelHarness } from './harness.ts';
import {
  coverageScript,
  type MachineRun,
  readMachineRuns,
  toHtml,
  toJUnit,
  unwalkedLines,
  writeMachineRun,
  writeReports,
} from './report.ts';

const dir = mkdtempSync(join(tmpdir(), 'model-report-'));
let good: MachineRun;
let broken: MachineRun;

beforeAll(async () => {
  const harness = createModelHarness(config(false));
  await harness.runAll();
  good = harness.run();
  // The broken view fails on the paths that reach `ready.saved`; the others still pass.
  const failing = createModelHarness(config(true));
  for (const path of failing.paths) await failing.runPath(path).catch(() => {});
  broken = { ...failing.run(), machine: 'toyBroken' };
  writeMachineRun(good, join(dir, 'machines'));
  writeMachineRun(broken, join(dir, 'machines'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('model report', () => {
  it('writes JUnit XML whose counts match the run: a suite per machine, a case per path, a failure per failed path', () => {
    const runs = readMachineRuns(join(dir, 'machines'));
    expect(runs.map((r) => r.machine)).toEqual(['toy', 'toyBroken']);
    const files = writeReports(runs, dir, '2026-01-01T00:00:00.000Z');
    const doc = new DOMParser().parseFromString(readFileSync(files.junit, 'utf8'), 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();

    const total = good.paths.length + broken.paths.length;
    const failed = broken.paths.filter((p) => p.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(broken.paths.length);
    const root = doc.documentElement;
    expect([root.tagName, root.getAttribute('tests'), root.getAttribute('failures')]).toEqual([
      'testsuites',
      String(total),
      String(failed.length),
    ]);
    expect(doc.querySelectorAll('testcase')).toHaveLength(total);
    // Real durations, though the toy's paths run on the fake clock (its saved notice has a delay).
    for (const testcase of doc.querySelectorAll('testcase'))
      expect(Number(testcase.getAttribute('time'))).toBeGreaterThan(0);
    const suites = [...doc.querySelectorAll('testsuite')];
    expect(
      suites.map((s) => [s.getAttribute('name'), s.getAttribute('tests'), s.querySelectorAll('testcase').length]),
    ).toEqual([
      ['model toy', String(good.paths.length), good.paths.length],
      ['model toyBroken', String(broken.paths.length), broken.paths.length],
    ]);
    const failures = [...doc.querySelectorAll('testcase failure')];
    expect(failures).toHaveLength(failed.length);
    // The failure carries the path that reproduces it, event by event.
    expect(failures[0].textContent).toContain('The path that reproduces it:\nxstate.init → idle\ntoy.start → loading');
  });

  it('writes HTML with every path as its events and the state after each, failures open', () => {
    const html = toHtml([good, broken], 'now');
    for (const path of [...good.paths, ...broken.paths])
      expect(html).toContain(path.description.replace(/"/g, '&quot;'));
    expect(html).toContain('<td><code>toy.save</code></td><td><code>ready.saved</code></td>');
    expect(html.match(/<details class="failed" open>/g)).toHaveLength(
      broken.paths.filter((p) => p.status === 'failed').length,
    );
  });

  it('names what no path walked, and says so when everything was', () => {
    expect(unwalkedLines([good])).toEqual(['Every state and transition of the 1 machines was walked.']);
    expect(good.states.unwalked).toEqual([]);
    const partial = createModelHarness(config(false)).run(); // no path run yet
    expect(unwalkedLines([partial])[0]).toMatch(/^Not walked by any model path \(18\):/);
    expect(unwalkedLines([partial])).toContain('  toy: transition toy.failed|toy.retry|0');
    expect(toJUnit([])).toContain('tests="0"');
  });

  it('gives the gallery one entry per chart: suites of one chart (`toy (a)`, `toy (b)`) merged', () => {
    const half = (run: MachineRun, machine: string, keep: (id: string) => boolean): MachineRun => ({
      ...run,
      machine,
      states: { walked: run.states.walked.filter(keep), unwalked: run.states.walked.filter((id) => !keep(id)) },
    });
    const script = coverageScript(
      [half(good, 'toy (a)', (id) => id.startsWith('toy.ready')), half(good, 'toy (b)', (id) => id === 'toy.idle')],
      'now',
    );
    const coverage = JSON.parse(script.slice(script.indexOf('=') + 1, script.lastIndexOf(';')));
    expect(Object.keys(coverage.machines)).toEqual(['toy']);
    expect(coverage.machines.toy.paths).toBe(2 * good.paths.length);
    expect(coverage.machines.toy.states.walked).toContain('toy.idle');
    expect(coverage.machines.toy.states.walked).toContain('toy.ready.saved');
    expect(coverage.machines.toy.states.unwalked).toEqual(['toy.failed', 'toy.gaveUp', 'toy.loading']);
    // The closing lines merge them the same way: what one suite walked is not named as unwalked by the other.
    expect(
      unwalkedLines([
        half(good, 'toy (a)', (id) => id.startsWith('toy.ready')),
        half(good, 'toy (b)', (id) => id === 'toy.idle'),
      ]),
    ).toEqual([
      'Not walked by any model path (3):',
      '  toy: state toy.failed',
      '  toy: state toy.gaveUp',
      '  toy: state toy.loading',
    ]);
  });
});
