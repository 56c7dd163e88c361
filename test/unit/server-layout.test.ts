// Where server code lives (issues 14, 32): routes (a feature's *-routes.ts) translate HTTP to service calls and hold
// no SQL; server/db is the database alone (connection, dialect, migrations, schema) and knows nothing of the features.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('server layout', () => {
  it('route files hold no SQL', () => {
    const routes = filesUnder('server/features').filter((f) => f.endsWith('-routes.ts'));
    expect(routes.length).toBeGreaterThan(30);
    const offenders = routes.filter((f) =>
      /\b(selectFrom|insertInto|updateTable|deleteFrom)\b|from 'kysely'/.test(read(f)),
    );
    expect(offenders).toEqual([]);
  });

  it('server/db imports nothing of the features or the seed', () => {
    const offenders = filesUnder('server/db').filter((f) => /from '(\.\.\/)+(features\/|seed\.ts)/.test(read(f)));
    expect(offenders).toEqual([]);
  });
});
