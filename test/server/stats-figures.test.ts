// Issue 34 item 3: each headline figure of the dashboard computed by hand from a few seeded conversations, and a
// period under way (today) compared with the same hours of the period before, its hours not begun left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { getStats } from '../../server/features/stats/stats.ts';
import { addEntries, addStart, emptyRollup, hourOf, writeRollup } from '../../server/features/stats/stats-rollup.ts';
import { type TestApp, createTestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const history = emptyRollup();
  /** A conversation started at `at`: its user messages (intent null: not understood) and how it finished. */
  const conversation = (at: string, said: [string | null, number][], outcome: 'call_end' | 'call_transfer' | null) => {
    const start = Date.parse(at);
    const entries: TrackerEntry[] = said.map(([intent, confidence], i) => ({
      type: 'utter',
      value: `message ${i}`,
      args: { who: 'user', intent, confidence },
      timestamp: (start + (i + 1) * 1000) * 1000,
    }));
    if (outcome) entries.push({ type: 'action', value: outcome, args: {}, timestamp: (start + 60_000) * 1000 });
    addStart(history, start);
    addEntries(history, entries, hourOf(start));
  };
  // 10 March 2026 (UTC), the period asked.
  conversation(
    '2026-03-10T09:05:00Z',
    [
      ['greeting', 0.9],
      ['goodbye', 0.7],
    ],
    'call_end',
  ); // A: ended
  conversation(
    '2026-03-10T10:05:00Z',
    [
      [null, 0.2],
      ['human agent', 0.8],
    ],
    'call_transfer',
  ); // B: transferred
  conversation('2026-03-10T11:05:00Z', [[null, 0.1]], null); // C: abandoned (silent for days, not ended)
  conversation('2026-03-10T15:05:00Z', [['menu', 0.6]], 'call_end'); // D: ended
  // 9 March: the period before, one conversation, ended.
  conversation('2026-03-09T08:00:00Z', [['order', 1]], 'call_end');
  // 11 March ("today" for the second test), 08:00.
  conversation('2026-03-11T08:10:00Z', [['order', 0.95]], 'call_end');
  await writeRollup(t.db, { projectId: 1, env: 'prod', userId: null }, history);
});
afterAll(async () => {
  await t.close();
});

const figures = (from: string, to: string, now: string) =>
  getStats(t.db, 1, { project_env: 'prod', from, to, tz: 'UTC' }, new Date(now));

describe('dashboard figures, by hand', () => {
  it('computes each headline figure of a past day from its conversations', async () => {
    const s = await figures('2026-03-10', '2026-03-10', '2026-03-20T12:00:00Z');
    // A, B, C, D.
    expect(s.totals.conversations).toBe(4);
    // 2 + 2 + 1 + 1.
    expect(s.totals.user_messages).toBe(6);
    expect(s.totals.avg_messages).toBe(6 / 4);
    // B's first message and C's: 2 of 6.
    expect(s.totals.fallback_share).toBe(2 / 6);
    // Every scored message: (0.9 + 0.7 + 0.2 + 0.8 + 0.1 + 0.6) / 6.
    expect(s.totals.avg_confidence).toBeCloseTo(3.3 / 6, 10);
    expect(s.totals.ended).toBe(2);
    expect(s.totals.transferred).toBe(1);
    expect(s.totals.abandoned).toBe(1);
    // Contained: ended without a transfer and not abandoned (A, D) of the four that are over; not 3 of 4, which
    // counted the abandoned C as contained.
    expect(s.totals.containment).toBe(2 / 4);
    // The day before: one conversation, ended.
    expect(s.previous).toMatchObject({ conversations: 1, user_messages: 1, ended: 1, containment: 1 });
    // A past day is whole: 24 hours, none under way.
    expect(s.series).toHaveLength(24);
    expect(s.series.some((p) => p.partial)).toBe(false);
    expect(s.series.map((p) => p.conversations).reduce((a, b) => a + b)).toBe(4);
  });

  it('compares a day under way with the same hours of the day before, and leaves out the hours to come', async () => {
    // 11 March at 10:30: its hours 00..10 against 10 March's 00..10 (A at 09:05 and B at 10:05; not C nor D).
    const s = await figures('2026-03-11', '2026-03-11', '2026-03-11T10:30:00Z');
    expect(s.totals.conversations).toBe(1);
    expect(s.previous.conversations).toBe(2);
    expect(s.previous.user_messages).toBe(4);
    expect(s.previous.containment).toBe(1 / 2);
    expect(s.series).toHaveLength(11);
    expect(s.series.at(-1)).toMatchObject({ t: '2026-03-11T10:00:00.000Z', partial: true });
    expect(s.series.filter((p) => p.partial)).toHaveLength(1);
    // Per day: the days of a week under way, today the last and partial; the week before cut at the same hour.
    const week = await figures('2026-03-05', '2026-03-11', '2026-03-11T10:30:00Z');
    expect(week.bucket).toBe('day');
    expect(week.series).toHaveLength(7);
    expect(week.series.at(-1)).toMatchObject({ t: '2026-03-11T00:00:00.000Z', conversations: 1, partial: true });
    expect(week.totals.conversations).toBe(6);
    // The week before (26 Feb - 4 Mar) is empty; a period that has not begun has no point at all.
    expect(week.previous.conversations).toBe(0);
    const future = await figures('2026-03-12', '2026-03-12', '2026-03-11T10:30:00Z');
    expect(future.series).toEqual([]);
  });
});
