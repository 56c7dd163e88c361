import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvText, formulaSafe } from '../../server/csv/csv-export.ts';
import { type Caller, type TestApp, createTestApp } from './helpers/test-app.ts';

// QUALITY "CSV export": formula triggers neutralised, RFC 4180 edge characters round-trip.
const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
const EDGES = ['"', ',', '\n', '\r\n', '""', ' ', 'ž', '😀', ';'];
const startsWithTrigger = (cell: string) => cell.length > 0 && TRIGGERS.includes(cell[0]!);

/** A cell as the export should give it back after parsing: the original, with a quote before a trigger. */
const expected = (cell: string) => (startsWithTrigger(cell) ? `'${cell}` : cell);

function edgeCell(i: number): string {
  const trigger = TRIGGERS[i % TRIGGERS.length]!;
  const edge = EDGES[i % EDGES.length]!;
  switch (i % 5) {
    case 0:
      return `${trigger}SUM(A1:A${i})${edge}`;
    case 1:
      return `${trigger}cmd|' /C calc'!A0 ${edge}`;
    case 2:
      return `plain ${edge} text ${i}`;
    case 3:
      return `${edge}${trigger}${i}`;
    default:
      return `${trigger}${edge}`;
  }
}

describe('formula-safe RFC 4180 export', () => {
  it('neutralises every trigger and round-trips 10,000 rows', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [String(i), edgeCell(i), edgeCell(i + 1), `-${i}`, '']);
    const text = await csvText(['A', 'B', 'C', 'D', 'E'], rows);
    const parsed: string[][] = parse(text, { relax_column_count: false });
    expect(parsed).toHaveLength(10_001);
    for (const row of parsed) for (const cell of row) expect(startsWithTrigger(cell)).toBe(false);
    expect(parsed.slice(1)).toEqual(rows.map((r) => r.map(expected)));
    expect(text.includes('\r\n')).toBe(true);
  });

  it('round-trips arbitrary text (property, 200 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { minLength: 3, maxLength: 3 }), {
          minLength: 1,
          maxLength: 20,
        }),
        async (rows) => {
          const text = await csvText(['x', 'y', 'z'], rows);
          const parsed: string[][] = parse(text);
          expect(parsed.slice(1)).toEqual(rows.map((r) => r.map(expected)));
          for (const row of parsed) for (const cell of row) expect(startsWithTrigger(cell)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('prefixes exactly the triggers', () => {
    for (const t of TRIGGERS) expect(formulaSafe(`${t}A1`)).toBe(`'${t}A1`);
    expect(formulaSafe('1+1')).toBe('1+1');
    // A phone number is only '+' and digits: written as it is, so a report's destinations import again.
    expect(formulaSafe('+420601000001')).toBe('+420601000001');
    for (const cell of ['+1+1', '+420 601', '+', '+42)', '-420601000001', '+1\t'])
      expect(formulaSafe(cell)).toBe(`'${cell}`);
    expect(formulaSafe(null)).toBe('');
  });
});

describe('users-log CSV download', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.admin();
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams 10,000 hostile log lines as a safe attachment that parses back', async () => {
    await t.db.deleteFrom('users_logs').execute();
    const actions = Array.from({ length: 10_000 }, (_, i) => edgeCell(i));
    for (let i = 0; i < actions.length; i += 1000) {
      await t.db
        .insertInto('users_logs')
        .values(actions.slice(i, i + 1000).map((action) => ({ user_id: admin.userId, project_id: 1, action })))
        .execute();
    }
    await t.db.updateTable('users').set({ name: '=HYPERLINK("http://evil")' }).where('id', '=', admin.userId).execute();
    const res = await t.call('GET', '/v1/users-logs', { as: admin, query: { format: 'csv' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users_logs_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const parsed: string[][] = parse(res.body);
    expect(parsed[0]).toEqual(['ID', 'User', 'Email', 'Action', 'Logged at']);
    const body = parsed.slice(1);
    expect(body).toHaveLength(10_000);
    for (const row of parsed) for (const cell of row) expect(startsWithTrigger(cell)).toBe(false);
    // Newest first: the last inserted action is the first row.
    expect(body.map((r) => r[3])).toEqual(actions.map(expected).reverse());
    expect(body[0]![1]).toBe(`'=HYPERLINK("http://evil")`);
  });
});
