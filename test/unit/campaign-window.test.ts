import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CallWindow, isInWindow, nextInWindow, retryAt } from '../../server/features/campaigns/call-window.ts';

const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
const windowArb = fc.record({ from: minute, to: minute }) as fc.Arbitrary<CallWindow>;
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
    const w = { from: 22 * 60, to: 6 * 60 };
    expect(isInWindow(new Date('2039-01-01T23:30:00Z'), w)).toBe(true);
    expect(isInWindow(new Date('2039-01-02T05:59:59Z'), w)).toBe(true);
    expect(isInWindow(new Date('2039-01-02T06:00:00Z'), w)).toBe(false);
    expect(isInWindow(new Date('2039-01-02T12:00:00Z'), w)).toBe(false);
    expect(nextInWindow(new Date('2039-01-02T12:00:00Z'), w)).toEqual(new Date('2039-01-02T22:00:00Z'));
  });
});
