/**
 * IANA time zones, read with the runtime's own `Intl` data (the browser and the server agree): whether a zone
 * exists, how far its wall clock is from UTC at an instant, and the instant a wall-clock time names. Used by the
 * dashboard's periods and the campaigns' calling windows.
 */

/** Whether `tz` is an IANA time zone this runtime knows (the browser and the server both check it). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(tz: string): Intl.DateTimeFormat {
  let format = formatters.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, format);
  }
  return format;
}

/** How far the wall clock of `tz` is ahead of UTC at instant `ms`, in milliseconds (whole seconds). */
export function offsetAt(ms: number, tz: string): number {
  if (tz === 'UTC') return 0;
  const parts = formatterOf(tz).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `tz` shows `wallMs` (a wall-clock time written as if it were UTC). Twice
 * over, so a change of offset near it is right; a time skipped by a DST change gives the instant after the gap (by
 * the gap's length), one shown twice the first of the two.
 */
export function instantOfWallClock(wallMs: number, tz: string): number {
  const first = wallMs - offsetAt(wallMs, tz);
  return wallMs - offsetAt(first, tz);
}
