/**
 * A campaign's calling window and retry schedule (issue 17 §2), as pure functions of UTC times. The window is
 * [from, to) in minutes of the UTC day; `to` before `from` crosses midnight (22:00–06:00); `from` equal to `to`
 * is the whole day. Times are compared at minute granularity, as the window is written.
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export interface CallWindow {
  /** Minutes after UTC midnight. */
  from: number;
  to: number;
}

/** "09:00" → 540. Throws on anything else (the contract validated it already). */
export function minutesOfDay(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`Not an HH:MM time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export const callWindow = (from: string, to: string): CallWindow => ({
  from: minutesOfDay(from),
  to: minutesOfDay(to),
});

const minuteOf = (t: Date) => t.getUTCHours() * 60 + t.getUTCMinutes();

/** Whether a call may be placed at `t`. */
export function isInWindow(t: Date, w: CallWindow): boolean {
  if (w.from === w.to) return true;
  const m = minuteOf(t);
  return w.from < w.to ? m >= w.from && m < w.to : m >= w.from || m < w.to;
}

/** The earliest time at or after `t` inside the window. */
export function nextInWindow(t: Date, w: CallWindow): Date {
  if (isInWindow(t, w)) return t;
  const dayStart = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  // Outside the window the next opening is `from` today, or tomorrow when today's has passed.
  const today = dayStart + w.from * MINUTE_MS;
  return new Date(today > t.getTime() ? today : today + DAY_MINUTES * MINUTE_MS);
}

/** When a newly imported call is first due: its scheduled time, moved into the window. */
export const firstAttemptAt = (scheduled: Date, w: CallWindow): Date => nextInWindow(scheduled, w);

/**
 * When a busy / unanswered / failed attempt that ended at `endedAt` is tried again: `retryIntervalMinutes` later,
 * moved into the window, never before the call's scheduled time.
 */
export function retryAt(endedAt: Date, retryIntervalMinutes: number, scheduled: Date, w: CallWindow): Date {
  const earliest = Math.max(endedAt.getTime() + retryIntervalMinutes * MINUTE_MS, scheduled.getTime());
  return nextInWindow(new Date(earliest), w);
}
