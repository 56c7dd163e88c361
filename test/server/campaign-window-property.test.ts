import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWindow, isInWindow } from '../../server/features/campaigns/call-window.ts';
import { TestClock } from '../../server/features/campaigns/clock.ts';
import { FakeDialler, type FakeOutcome } from '../../server/features/campaigns/fake-dialler.ts';
import { engineFor, number, runTicks, runningCampaign } from './campaign-fixtures.ts';
import { type TestDatabase, openTestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes after local midnight of `t` in `zone`, read with Intl (not with the code under test). */
const wallMinute = (t: Date, zone: string) => {
  const [h, m] = t
    .toLocaleTimeString('en-GB', { timeZone: zone, hour12: false, hour: '2-digit', minute: '2-digit' })
    .split(':')
    .map(Number);
  return (h! % 24) * 60 + m!;
};

describe('campaign engine, property', () => {
  const cases = [
    { zone: 'UTC', start: Date.UTC(2039, 0, 1) },
    // Three days around each of Prague's DST changes of 2039 (March 27: UTC+1 → +2; October 30: back).
    { zone: 'Europe/Prague', start: Date.UTC(2039, 2, 26) },
    { zone: 'Europe/Prague', start: Date.UTC(2039, 9, 29) },
  ];
  it.each(cases)(
    'never places a call outside its window ($zone, from $start) or before its scheduled time',
    async ({ zone, start: START }) => {
      await fc.assert(
        fc.asyncProperty(
          hhmm,
          hhmm,
          // Calls scheduled within two days; retried 0–2 times, 0–600 minutes apart; outcomes mixed.
          fc.array(fc.integer({ min: 0, max: 2 * 24 * 60 }), { minLength: 1, maxLength: 6 }),
          fc.integer({ min: 0, max: 2 }),
          fc.integer({ min: 0, max: 600 }),
          // The engine ticks at arbitrary instants (minutes, seconds) over three days.
          fc.array(fc.integer({ min: 0, max: 3 * 24 * 3600 }), { minLength: 5, maxLength: 30 }),
          async (from, to, scheduledMinutes, retryCount, retryInterval, tickSeconds) => {
            const { db } = database;
            await db.deleteFrom('outbound_campaigns').execute();
            const clock = new TestClock(new Date(START));
            const window = callWindow(from, to, zone);
            const placedAt: { at: Date; callId: number }[] = [];
            const decide = (r: { callId: number }): FakeOutcome => {
              placedAt.push({ at: clock.now(), callId: r.callId });
              return r.callId % 2 ? { kind: 'end', reason: 'no-answer', code: '408' } : { kind: 'answer', holdMs: 0 };
            };
            const fake = new FakeDialler({ decide, now: () => clock.now() });
            const engine = engineFor(db, fake, clock);
            const id = await runningCampaign(db, {
              call_time_from: from,
              call_time_to: to,
              retry_count: retryCount,
              retry_interval: retryInterval,
              time_zone: zone,
            });
            const scheduled = new Map<number, number>();
            for (const [i, m] of scheduledMinutes.entries()) {
              const at = new Date(START + m * 60_000);
              // Straight in, first due at its scheduled time: the engine alone must keep to the window.
              const row = await db
                .insertInto('outbound_calls')
                .values({ campaign_id: id, destination: number(i), scheduled_at: at, next_attempt_at: at })
                .returning('id')
                .executeTakeFirstOrThrow();
              scheduled.set(row.id, at.getTime());
            }
            for (const s of [...tickSeconds].sort((a, b) => a - b)) {
              clock.set(new Date(START + s * 1000));
              await runTicks(engine, 1);
            }
            await engine.stop();
            for (const p of placedAt) {
              expect(isInWindow(p.at, window), `${p.at.toISOString()} in ${from}–${to}`).toBe(true);
              // Independently of the code under test: the wall clock in the zone, as the platform's Intl reads it.
              const wall = wallMinute(p.at, zone);
              const [f, t] = [minutes(from), minutes(to)];
              const inside = f === t || (f < t ? wall >= f && wall < t : wall >= f || wall < t);
              expect(inside, `${p.at.toISOString()} is ${wall} min on ${zone}'s clock, window ${from}–${to}`).toBe(
                true,
              );
              expect(p.at.getTime()).toBeGreaterThanOrEqual(scheduled.get(p.callId)!);
            }
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
