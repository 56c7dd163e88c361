// Issue 32: each table has one writer. A feature's statements live in its store module, the only place that writes
// its tables; everyone else calls it (the project clone calls copyIntents, the seed calls insertUser…). This test
// reads server/**/*.ts (migrations aside) and fails when a table is written from more than one file, naming both.
// A write is a Kysely insertInto/updateTable/deleteFrom of a table named in the call, or raw SQL's INSERT INTO,
// UPDATE or DELETE FROM followed by the table's name; a name built at run time (stats-rollup's `stats_${what}_…`)
// is not seen.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const WRITES = [
  /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z_]+)/g,
  // Upper case only, as the code writes SQL: "DO UPDATE SET" and "FOR UPDATE SKIP LOCKED" name no table.
  /\b(?:INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+([a-z_]+)\b/g,
];

/** Whole-line comments go: a comment may say "UPDATE users" without writing it. */
const withoutComments = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');

/** Each written table and the files that write it. */
function writersOf(files: Map<string, string>): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const [file, text] of files) {
    const code = withoutComments(text);
    for (const re of WRITES)
      for (const m of code.matchAll(re)) {
        const table = m[1] as string;
        writers.set(table, (writers.get(table) ?? new Set()).add(file));
      }
  }
  return writers;
}

/** One line per table written from more than one file: the table and its writers. */
function offences(writers: Map<string, Set<string>>): string[] {
  return [...writers]
    .filter(([, files]) => files.size > 1)
    .map(([table, files]) => `${table} is written by ${[...files].sort().join(', ')}`)
    .sort();
}

function serverFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const e of fs.readdirSync(path.join(root, 'server'), { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.ts') || e.name.endsWith('.d.ts')) continue;
    const file = path.relative(root, path.join(e.parentPath, e.name));
    if (file.startsWith('server/db/migrations/')) continue;
    files.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
  }
  return files;
}

/** The tables of the schema's `Database` interface. */
function schemaTables(): Set<string> {
  const schema = fs.readFileSync(path.join(root, 'server/db/schema.ts'), 'utf8');
  const body = schema.split('export interface Database {')[1]?.split('\n}')[0] ?? '';
  return new Set([...body.matchAll(/^\s+([a-z_]+):/gm)].map((m) => m[1] as string));
}

describe('each table has one writer', () => {
  const writers = writersOf(serverFiles());

  it('finds the writes of server/ (every name a table of the schema)', () => {
    const tables = schemaTables();
    expect(writers.size).toBeGreaterThan(40);
    expect([...writers.keys()].filter((t) => !tables.has(t))).toEqual([]);
    expect(writers.get('users')).toEqual(new Set(['server/features/users/users-store.ts']));
  });

  it('writes each table from one module only', () => {
    expect(offences(writers)).toEqual([]);
  });

  it('names a table written from two files, and not a comment or an upsert (the check itself)', () => {
    const files = new Map([
      ['server/a/store.ts', "await db.insertInto('things').values(v).execute();\nawait db.deleteFrom(\n  'others')"],
      [
        'server/b/service.ts',
        "// UPDATE others SET x = 1 is the store's\nawait sql`UPDATE things SET n = 1`.execute(db);",
      ],
      ['server/c/job.ts', 'await sql`INSERT INTO jobs (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2`;'],
      ['server/d/lock.ts', 'await sql`SELECT id FROM jobs FOR UPDATE SKIP LOCKED`;'],
    ]);
    expect(offences(writersOf(files))).toEqual(['things is written by server/a/store.ts, server/b/service.ts']);
    expect(writersOf(files).get('others')).toEqual(new Set(['server/a/store.ts']));
  });
});
