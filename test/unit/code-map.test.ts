// The README's "Map of the code" is the rule (issue 32): each row a folder (or files), what it holds and what it may
// import. This test reads that table and holds server/ and src/ to it: every file is covered by a row, every import
// is one its row allows, and in server/ no import runs to a row above its own (the rows are floors, top down).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Row {
  /** The row's folders (ending in /) or files; `<name>` is any one folder. */
  patterns: string[];
  /** The patterns of the rows it may import, or 'anything'. */
  allowed: string[] | 'anything';
  /** Its place in the table, top floor first. */
  index: number;
}

const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

/** The table under "### Map of the code": one Row per line, "floors `A` to `B`" expanded to the rows A…B. */
function parseMap(readme: string): Row[] {
  const section = readme.split('### Map of the code')[1]?.split(/\n#{2,3} /)[0] ?? '';
  const lines = section.split('\n').filter((l) => l.startsWith('| `'));
  const cells = lines.map((l) => l.split(/(?<!\\)\|/).slice(1, -1));
  const rows: Row[] = cells.map((c, index) => ({ patterns: backticked(c[0] ?? ''), allowed: [], index }));
  cells.forEach((c, i) => {
    const cell = c[2] ?? '';
    const row = rows[i] as Row;
    if (/\banything\b/.test(cell)) {
      row.allowed = 'anything';
      return;
    }
    const allowed: string[] = [];
    const ranged = cell.replace(/floors `([^`]+)` to `([^`]+)`/g, (_m, from: string, to: string) => {
      const a = rows.findIndex((r) => r.patterns.includes(from));
      const b = rows.findIndex((r) => r.patterns.includes(to));
      if (a < 0 || b < a) throw new Error(`map: no floors ${from} to ${to}`);
      for (const r of rows.slice(a, b + 1)) allowed.push(...r.patterns);
      return '';
    });
    allowed.push(...backticked(ranged));
    row.allowed = allowed;
  });
  return rows;
}

/** How well a pattern covers a file: the length of the pattern, or -1 when it does not. */
function coverage(pattern: string, file: string): number {
  const source = pattern
    .split('<name>')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  const re = new RegExp(pattern.endsWith('/') ? `^${source}` : `^${source}$`);
  return re.test(file) ? pattern.length : -1;
}

/** The row that covers a file: the one with the longest matching pattern. */
function rowOf(rows: Row[], file: string): { row: Row; pattern: string } | null {
  let best: { row: Row; pattern: string } | null = null;
  for (const row of rows)
    for (const pattern of row.patterns)
      if (coverage(pattern, file) > (best ? best.pattern.length : -1)) best = { row, pattern };
  return best;
}

/** Every relative import or re-export of a file, type-only ones included, as repository paths. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]/g)].map((m) =>
    path.relative(root, path.resolve(root, path.dirname(file), m[1] as string)),
  );
}

/** What breaks the map: files no row covers, imports a row does not allow, server imports of a higher floor. */
function offences(rows: Row[], files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const from = rowOf(rows, file);
    if (!from) {
      found.push(`${file}: no row of the map covers it`);
      continue;
    }
    for (const target of importsOf(file, text)) {
      if (!/^(server|src)\//.test(target)) continue;
      const to = rowOf(rows, target);
      if (!to) {
        found.push(`${file} imports ${target}: no row of the map covers it`);
        continue;
      }
      if (to.row === from.row) continue;
      if (from.row.allowed !== 'anything' && !to.row.patterns.some((p) => (from.row.allowed as string[]).includes(p)))
        found.push(`${file} imports ${target}: the row ${from.pattern} may not import ${to.pattern}`);
      else if (file.startsWith('server/') && target.startsWith('server/') && to.row.index < from.row.index)
        found.push(`${file} imports ${target}: ${to.pattern} is a floor above ${from.pattern}`);
    }
  }
  return found;
}

function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ['server', 'src'])
    for (const e of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !/\.tsx?$/.test(e.name) || e.name.endsWith('.d.ts')) continue;
      const file = path.relative(root, path.join(e.parentPath, e.name));
      files.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
    }
  return files;
}

describe("the README's map of the code", () => {
  const rows = parseMap(fs.readFileSync(path.join(root, 'README.md'), 'utf8'));

  it('has a row for every floor, and in server/ each row may import only rows below it', () => {
    expect(rows.length).toBeGreaterThan(30);
    const upward = rows
      .filter((r) => r.patterns.some((p) => p.startsWith('server/')) && r.allowed !== 'anything')
      .flatMap((r) =>
        (r.allowed as string[])
          .filter((a) => a.startsWith('server/'))
          .filter((a) => (rows.find((o) => o.patterns.includes(a))?.index ?? -1) <= r.index)
          .map((a) => `${r.patterns[0]} may import ${a}, which is not below it`),
      );
    expect(upward).toEqual([]);
  });

  it('covers every file of server/ and src/, and allows every import they make', () => {
    expect(offences(rows, sourceFiles())).toEqual([]);
  });

  it('finds a wrong import and a floor above (the check itself)', () => {
    const map = `### Map of the code\n\n| folder | what | may import |\n|---|---|---|\n| \`server/a/\` | a | \`server/b/\` |\n| \`server/b/\` | b | \`server/c/\` |\n| \`server/c/\` | c | — |\n`;
    const files = new Map([
      ['server/a/one.ts', "import { b } from '../b/two.ts';\nimport { c } from '../c/three.ts';"],
      ['server/b/two.ts', "import type { A } from '../a/one.ts';"],
      ['server/c/three.ts', 'export const c = 1;'],
      ['server/d/four.ts', ''],
    ]);
    expect(offences(parseMap(map), files)).toEqual([
      'server/a/one.ts imports server/c/three.ts: the row server/a/ may not import server/c/',
      'server/b/two.ts imports server/a/one.ts: the row server/b/ may not import server/a/',
      'server/d/four.ts: no row of the map covers it',
    ]);
  });
});
