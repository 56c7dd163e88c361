import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CallWindow,
  callWindow,
  isInWindow,
  nextInWindow,
  retryAt,
} from '../../server/features/campaigns/call-window.ts';

const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
const windowArb: fc.Arbitrary<CallWindow> = fc.record({ from: minute, to: minute, timeZone: fc.constant('UTC') });
// Any instant of 2039–2040, to the millisecond.
const instant = fc.integer({ min: Date.UTC(2039, 0, 1), max: Date.UTC(2040, 11, 31) }).map((t) => new Date(t));

describe('campaign call window', () => {
  it('nextInWindow is inside the window, not before t, and no open minute is skipped', () => {
    fc.assert(
      fc.property(windowArb, instant, (w, t) => {
        const next = nextInWindow(t, w);
        expect(next.getTime()).toBeGreaterThanOrEqual(t.getTime());
        expect(isInWindow(next, w)).toBe(true);
        // Nothing earlier would do: every whole minute between t and next is outside the window.
        for (let m = Math.ceil(t.getTime() / 60_000) * 60_000; m < next.getTime(); m += 60_000) {
          expect(isInWindow(new Date(m), w)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a retry is inside the window, at least the interval later and never before the scheduled time', () => {
    fc.assert(
      fc.property(windowArb, instant, instant, fc.integer({ min: 0, max: 10080 }), (w, ended, scheduled, interval) => {
        const next = retryAt(ended, interval, scheduled, w);
        expect(isInWindow(next, w)).toBe(true);
        expect(next.getTime()).toBeGreaterThanOrEqual(ended.getTime() + interval * 60_000);
        expect(next.getTime()).toBeGreaterThanOrEqual(scheduled.getTime());
      }),
      { numRuns: 1000 },
    );
  });

  it('windows crossing midnight: 22:00–06:00 holds 23:30 and 05:59, not 06:00 or 12:00', () => {
    const w = { from: 22 * 60, to: 6 * 60, timeZone: 'UTC' };
    expect(isInWindow(new Date('2039-01-01T23:30:00Z'), w)).toBe(true);
    expect(isInWindow(new Date('2039-01-02T05:59:59Z'), w)).toBe(true);
    expect(isInWindow(new Date('2039-01-02T06:00:00Z'), w)).toBe(false);
    expect(isInWindow(new Date('2039-01-02T12:00:00Z'), w)).toBe(false);
    expect(nextInWindow(new Date('2039-01-02T12:00:00Z'), w)).toEqual(new Date('2039-01-02T22:00:00Z'));
  });

  it('a window in Europe/Prague follows its wall clock across both DST changes of 2039', () => {
    const w = callWindow('09:00', '17:00', 'Europe/Prague');
    // Saturday in winter time (UTC+1): 09:00 is 08:00 UTC.
    expect(isInWindow(new Date('2039-03-26T07:59:00Z'), w)).toBe(false);
    expect(isInWindow(new Date('2039-03-26T08:00:00Z'), w)).toBe(true);
    expect(nextInWindow(new Date('2039-03-26T16:00:00Z'), w)).toEqual(new Date('2039-03-27T07:00:00Z'));
    // Sunday in summer time (UTC+2): 09:00 is 07:00 UTC, 17:00 is 15:00 UTC.
    expect(isInWindow(new Date('2039-03-27T07:00:00Z'), w)).toBe(true);
    expect(isInWindow(new Date('2039-03-27T15:00:00Z'), w)).toBe(false);
    // October 30 back to winter time.
    expect(nextInWindow(new Date('2039-10-29T15:00:00Z'), w)).toEqual(new Date('2039-10-30T08:00:00Z'));
    // A window inside the skipped hour (02:00–03:00 on March 27) does not open that day.
    const gap = callWindow('02:30', '03:00', 'Europe/Prague');
    expect(nextInWindow(new Date('2039-03-26T12:00:00Z'), gap)).toEqual(new Date('2039-03-28T00:30:00Z'));
    // One that reaches past it opens when the hour ends (03:00 CEST = 01:00 UTC).
    const past = callWindow('02:30', '04:00', 'Europe/Prague');
    expect(nextInWindow(new Date('2039-03-26T12:00:00Z'), past)).toEqual(new Date('2039-03-27T01:00:00Z'));
  });
});
