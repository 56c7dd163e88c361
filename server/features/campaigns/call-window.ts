/**
 * A campaign's calling window and retry schedule (issue 17 §2), as pure functions. The window is [from, to) in minutes
 * of the local day in the campaign's time zone (IANA, `UTC` by default; issue 38); `to` before `from` crosses
 * midnight (22:00–06:00); `from` equal to `to` is the whole day. Times are compared at minute granularity, as the
 * window is written. Across a DST change the window follows the wall clock: 09:00–17:00 in Europe/Prague is 08:00–16:00
 * UTC in winter and 07:00–15:00 UTC in summer; an opening that falls into the skipped hour opens when the hour ends.
 */

import { instantOfWallClock, offsetAt } from '../../../src/api/contract/time-zone.ts';

const MINUTE_MS = 60_000;

export interface CallWindow {
  /** Minutes after local midnight. */
  from: number;
  to: number;
  /** IANA time zone the window is written in. */
  timeZone: string;
}

/** "09:00" → 540. Throws on anything else (the contract validated it already). */
export function minutesOfDay(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`Not an HH:MM time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export const callWindow = (from: string, to: string, timeZone = 'UTC'): CallWindow => ({
  from: minutesOfDay(from),
  to: minutesOfDay(to),
  timeZone,
});

/** The wall clock of `t` in `timeZone`: year, month (1–12), day, minutes after midnight. */
function wallClock(t: Date, timeZone: string): { y: number; mo: number; d: number; minute: number } {
  const wall = new Date(t.getTime() + offsetAt(t.getTime(), timeZone));
  return {
    y: wall.getUTCFullYear(),
    mo: wall.getUTCMonth() + 1,
    d: wall.getUTCDate(),
    minute: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/** The instant the wall clock of `timeZone` shows `minute` on day y-mo-d (a day past the month's end rolls over). */
const instantOf = (y: number, mo: number, d: number, minute: number, timeZone: string): number =>
  instantOfWallClock(Date.UTC(y, mo - 1, d, 0, minute), timeZone);

/**
 * An opening inside a skipped hour is placed after the gap by the gap's length (02:30 → 03:30); the window opened
 * when the clocks jumped (03:00). Walks back to that minute; an opening not in a gap has its minute before outside.
 */
function gapEnd(opening: number, after: number, w: CallWindow): number {
  let at = opening;
  for (let i = 0; i < 180 && at - MINUTE_MS > after && isInWindow(new Date(at - MINUTE_MS), w); i++) at -= MINUTE_MS;
  return at;
}

/** Whether a call may be placed at `t`. */
export function isInWindow(t: Date, w: CallWindow): boolean {
  if (w.from === w.to) return true;
  const m = wallClock(t, w.timeZone).minute;
  return w.from < w.to ? m >= w.from && m < w.to : m >= w.from || m < w.to;
}

/** The earliest time at or after `t` inside the window. */
export function nextInWindow(t: Date, w: CallWindow): Date {
  if (isInWindow(t, w)) return t;
  // Outside the window the next opening is `from` on the local day of `t`, or on the next one when it has passed.
  const local = wallClock(t, w.timeZone);
  for (let day = 0; day <= 2; day++) {
    const opening = instantOf(local.y, local.mo, local.d + day, w.from, w.timeZone);
    // An opening inside a skipped hour lands after the gap, which may be past a short window's end: next day then.
    if (opening > t.getTime() && isInWindow(new Date(opening), w)) return new Date(gapEnd(opening, t.getTime(), w));
  }
  throw new Error(`No opening of the window after ${t.toISOString()} in ${w.timeZone}`);
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
