// QA's view of a model run: per machine, every path as events and the state reached after each, its outcome, and what
// the paths walked. The harness writes one JSON per machine; the reporter turns them into JUnit XML, HTML and the
// script the statechart gallery reads to colour walked and unwalked states and transitions.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const MODEL_ARTIFACTS = resolve(import.meta.dirname, '..', '..', 'test-artifacts', 'model');
const MACHINE_FILES = join(MODEL_ARTIFACTS, 'machines');

export interface PathStep {
  /** Event type; `xstate.init` for the start. */
  event: string;
  /** The state value reached after it, as `snapshot.matches()` reads it (`open.idle.quiet`). */
  state: string;
}

export interface PathRecord {
  description: string;
  status: 'passed' | 'failed';
  durationMs: number;
  steps: PathStep[];
  /** Index of the step that failed, and why. */
  failedAt?: number;
  error?: string;
}

export interface Walked {
  walked: string[];
  unwalked: string[];
}

export interface MachineRun {
  machine: string;
  paths: PathRecord[];
  states: Walked;
  transitions: Walked;
}

/** `{"open":{"idle":"quiet"}}` → `open.idle.quiet`; parallel regions joined by ` + `. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  return Object.entries(value)
    .map(([key, child]) => {
      const inner = stateName(child);
      return inner.includes(' + ') ? `${key}.(${inner})` : `${key}.${inner}`;
    })
    .join(' + ');
}

export function writeMachineRun(run: MachineRun, dir = MACHINE_FILES): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${run.machine}.json`);
  // Written whole then renamed: the reporter never reads half a file.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(run, null, 1)}\n`);
  renameSync(`${file}.tmp`, file);
}

export function readMachineRuns(dir = MACHINE_FILES): MachineRun[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as MachineRun);
}

/** XML 1.0 forbids most control characters, which error messages (ANSI colours) may carry. */
const printable = (text: string) =>
  [...text].filter((c) => (c.codePointAt(0) ?? 0) >= 32 || c === '\t' || c === '\n' || c === '\r').join('');

const xml = (text: string) =>
  printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function pathTrail(path: PathRecord): string {
  return path.steps.map((s) => `${s.event} → ${s.state}`).join('\n');
}

/** JUnit XML: a test suite per machine, a test case per path; a failure carries the path that reproduces it. */
export function toJUnit(runs: MachineRun[]): string {
  const count = (paths: PathRecord[], status: PathRecord['status']) => paths.filter((p) => p.status === status).length;
  const all = runs.flatMap((r) => r.paths);
  const seconds = (paths: PathRecord[]) => (paths.reduce((sum, p) => sum + p.durationMs, 0) / 1000).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="model" tests="${all.length}" failures="${count(all, 'failed')}" errors="0" time="${seconds(all)}">`,
  ];
  for (const run of runs) {
    lines.push(
      `  <testsuite name="model ${xml(run.machine)}" tests="${run.paths.length}" failures="${count(run.paths, 'failed')}" errors="0" skipped="0" time="${seconds(run.paths)}">`,
      `    <properties><property name="unwalked" value="${xml([...run.states.unwalked, ...run.transitions.unwalked].join(' '))}"/></properties>`,
    );
    for (const path of run.paths) {
      const open = `    <testcase classname="model.${xml(run.machine)}" name="${xml(path.description)}" time="${(path.durationMs / 1000).toFixed(3)}"`;
      if (path.status === 'passed') {
        lines.push(`${open}/>`);
        continue;
      }
      const message = (path.error ?? 'failed').split('\n')[0];
      lines.push(
        `${open}>`,
        `      <failure message="${xml(message)}" type="ModelPathFailure">${xml(
          `${path.error ?? ''}\n\nFailed at step ${path.failedAt ?? '?'}. The path that reproduces it:\n${pathTrail(path)}`,
        )}</failure>`,
        '    </testcase>',
      );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** A self-contained page: per machine, each path as its events and the state after each; failures first and open. */
export function toHtml(runs: MachineRun[], generatedAt: string): string {
  const all = runs.flatMap((r) => r.paths);
  const failed = all.filter((p) => p.status === 'failed').length;
  const body: string[] = [];
  for (const run of runs) {
    const runFailed = run.paths.filter((p) => p.status === 'failed').length;
    const unwalked = [...run.states.unwalked, ...run.transitions.unwalked];
    body.push(
      `<section id="${xml(run.machine)}"><h2>${xml(run.machine)} <small>${run.paths.length} paths, ${runFailed} failed; states ${run.states.walked.length}/${run.states.walked.length + run.states.unwalked.length}, transitions ${run.transitions.walked.length}/${run.transitions.walked.length + run.transitions.unwalked.length} walked</small></h2>`,
    );
    if (unwalked.length)
      body.push(`<p class="unwalked">Not walked: ${unwalked.map((u) => `<code>${xml(u)}</code>`).join(', ')}</p>`);
    const ordered = [...run.paths].sort((a, b) => Number(b.status === 'failed') - Number(a.status === 'failed'));
    for (const path of ordered) {
      const steps = path.steps
        .map((s, i) => {
          const mark = i === path.failedAt ? ' class="failed-step"' : '';
          return `<tr${mark}><td>${i}</td><td><code>${xml(s.event)}</code></td><td><code>${xml(s.state)}</code></td></tr>`;
        })
        .join('');
      const error = path.error ? `<pre class="error">${xml(path.error)}</pre>` : '';
      body.push(
        `<details class="${path.status}"${path.status === 'failed' ? ' open' : ''}><summary>${path.status === 'failed' ? '✗' : '✓'} ${xml(path.description)} <small>${path.steps.length - 1} events, ${Math.round(path.durationMs)} ms</small></summary>${error}<table><thead><tr><th>#</th><th>event</th><th>state reached</th></tr></thead><tbody>${steps}</tbody></table></details>`,
      );
    }
    body.push('</section>');
  }
  const toc = runs
    .map((r) => {
      const bad = r.paths.some((p) => p.status === 'failed');
      return `<li class="${bad ? 'failed' : 'passed'}"><a href="#${xml(r.machine)}">${xml(r.machine)}</a> (${r.paths.length})</li>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Model-based tests: ${failed ? `${failed} failed` : 'all passed'}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1f2933}
code,pre{font-family:"DejaVu Sans Mono",Menlo,monospace;font-size:12px}
h2 small,summary small{color:#7b8794;font-weight:normal;font-size:12px}
ul.toc{columns:4;padding-left:18px} .toc .failed a{color:#c92a2a;font-weight:bold}
details{border:1px solid #d9e2ec;border-radius:6px;margin:4px 0;padding:4px 8px} details.failed{border-color:#e03131;background:#fff5f5}
summary{cursor:pointer} table{border-collapse:collapse;margin:6px 0} td,th{padding:2px 8px;text-align:left;border-top:1px solid #e4e7eb}
tr.failed-step{background:#ffe3e3} pre.error{white-space:pre-wrap;background:#fff;border:1px solid #ffc9c9;padding:6px}
.unwalked{color:#c92a2a}
</style></head><body>
<h1>Model-based tests</h1>
<p>${all.length} paths over ${runs.length} machines, ${failed} failed; written ${xml(generatedAt)} by <code>npm run test:model</code>. Each path is the events the model sent through the real view and the state the machine reached after each; a failed path is the sequence that reproduces the failure.</p>
<ul class="toc">${toc}</ul>
${body.join('\n')}
</body></html>
`;
}

/** The chart a run belongs to: `knowledgeJob (reindex)` is one of the knowledgeJob chart's suites. */
export const chartOf = (machine: string) => machine.split(' ')[0];

/** What the suites of one chart walked together: a state or transition is unwalked only if none of them walked it. */
export interface ChartWalk {
  paths: number;
  states: Walked;
  transitions: Walked;
}

/** Runs merged per chart (`knowledgeJob (reindex)` and `knowledgeJob (evaluation)` are one chart), in run order. */
export function walksByChart(runs: MachineRun[]): Record<string, ChartWalk> {
  const charts: Record<string, ChartWalk> = {};
  const merge = (a: Walked, b: Walked): Walked => {
    const walked = [...new Set([...a.walked, ...b.walked])].sort();
    const unwalked = [...new Set([...a.unwalked, ...b.unwalked])].filter((id) => !walked.includes(id)).sort();
    return { walked, unwalked };
  };
  for (const run of runs) {
    const chart = chartOf(run.machine);
    const seen = charts[chart];
    charts[chart] = seen
      ? {
          paths: seen.paths + run.paths.length,
          states: merge(seen.states, run.states),
          transitions: merge(seen.transitions, run.transitions),
        }
      : { paths: run.paths.length, states: run.states, transitions: run.transitions };
  }
  return charts;
}

/**
 * For the statechart gallery (a script, since a page opened from file:// may not fetch): per chart, what any of its
 * suites walked, and what none did.
 */
export function coverageScript(runs: MachineRun[], generatedAt: string): string {
  const machines = walksByChart(runs);
  return `// Written by npm run test:model.\nwindow.STATECHART_COVERAGE = ${JSON.stringify({ generatedAt, machines })};\n`;
}

/** The closing lines of a model run: what no path of any suite of a chart walked, by name (none is the goal). */
export function unwalkedLines(runs: MachineRun[]): string[] {
  const lines: string[] = [];
  const charts = Object.entries(walksByChart(runs));
  for (const [chart, walk] of charts) {
    for (const id of walk.states.unwalked) lines.push(`  ${chart}: state ${id}`);
    for (const key of walk.transitions.unwalked) lines.push(`  ${chart}: transition ${key}`);
  }
  return lines.length
    ? [`Not walked by any model path (${lines.length}):`, ...lines]
    : [`Every state and transition of the ${charts.length} machines was walked.`];
}

/** Writes junit.xml, report.html and coverage.js beside the per-machine files; returns their paths. */
export function writeReports(runs: MachineRun[], dir = MODEL_ARTIFACTS, generatedAt = new Date().toISOString()) {
  mkdirSync(dir, { recursive: true });
  const files = { junit: join(dir, 'junit.xml'), html: join(dir, 'report.html'), coverage: join(dir, 'coverage.js') };
  writeFileSync(files.junit, toJUnit(runs));
  writeFileSync(files.html, toHtml(runs, generatedAt));
  writeFileSync(files.coverage, coverageScript(runs, generatedAt));
  return files;
}
