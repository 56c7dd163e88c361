// `--since <revision>`: each chart against its JSON at that revision, written for the gallery's "Changes since" choice.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffCharts, type MachineChanges } from './diff.ts';
import type { ChartEntry } from './generate.ts';
import type { MachineDefinition } from './machine-definition.ts';

export interface Comparison {
  /** The revision as the user wrote it (`main`, `HEAD~3`, a tag). */
  since: string;
  commit: string;
  subject: string;
  machines: MachineChanges[];
}

/** Kept in docs/statecharts but not committed (.gitignore): a review aid for the working copy. */
export const CHANGES_FILE = 'changes.json';
export const CHANGES_SCRIPT = 'gallery/changes.js';
const KEEP = 5;

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });

export function compareSince(root: string, since: string, entries: ChartEntry[]): Comparison {
  let commit: string;
  try {
    commit = git(root, ['rev-parse', '--verify', '--quiet', `${since}^{commit}`]).trim();
  } catch {
    throw new Error(`--since ${since}: no such revision in this repository`);
  }
  const subject = git(root, ['log', '-1', '--format=%s', commit]).trim();
  const listed = git(root, ['ls-tree', '--name-only', `${commit}:docs/statecharts`]).split('\n');
  const oldNames = listed.filter((f) => f.endsWith('.json') && f !== CHANGES_FILE).map((f) => f.slice(0, -5));
  const old = (name: string): MachineDefinition | undefined =>
    oldNames.includes(name) ? JSON.parse(git(root, ['show', `${commit}:docs/statecharts/${name}.json`])) : undefined;
  const current = new Map(entries.map((e) => [e.name, e.definition]));
  const names = [...new Set([...current.keys(), ...oldNames])].sort();
  return { since, commit, subject, machines: names.map((name) => diffCharts(name, old(name), current.get(name))) };
}

/** Adds (or replaces) a comparison in changes.json and the script the gallery loads; the newest few are kept. */
export function writeComparison(outDir: string, comparison: Comparison): void {
  const file = join(outDir, CHANGES_FILE);
  const previous: Comparison[] = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).comparisons : [];
  const comparisons = [comparison, ...previous.filter((c) => c.since !== comparison.since)].slice(0, KEEP);
  const json = JSON.stringify({ comparisons }, null, 1);
  mkdirSync(join(outDir, 'gallery'), { recursive: true });
  writeFileSync(file, `${json}\n`);
  writeFileSync(
    join(outDir, CHANGES_SCRIPT),
    `// Written by npm run statecharts -- --since <revision>.\nwindow.STATECHART_CHANGES = ${json};\n`,
  );
}
