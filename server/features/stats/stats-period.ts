import { HOURLY_UP_TO_DAYS, MAX_PERIOD_DAYS, isTimeZone } from '../../../src/api/contract/stats.ts';
import { instantOfWallClock } from '../../../src/api/contract/time-zone.ts';
import { invalidInput } from '../../domain-errors.ts';

/**
 * A dashboard period: whole days `from`..`to` in an IANA time zone, as UTC instants, with the equal-length
 * period just before it. The roll-ups are whole UTC hours, so a zone with a half-hour offset sees each hour
 * in the local hour (and day) it starts in (docs/decisions.md, "Dashboard statistics").
 */
export interface StatsPeriod {
  days: number;
  bucket: 'hour' | 'day';
  /** Local midnight of `from`, of the day after `to`, and of the previous period's first day. */
  start: Date;
  end: Date;
  previousStart: Date;
  /** Each day of the period (YYYY-MM-DD) with its local midnight. */
  dayStarts: { day: string; start: Date }[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The instant of local midnight of a day (epoch days) in `tz`. */
const localMidnight = (epochDay: number, tz: string): Date => new Date(instantOfWallClock(epochDay * DAY_MS, tz));

const epochDay = (isoDay: string): number => {
  const ms = Date.parse(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== isoDay)
    throw invalidInput(`${isoDay} is not a day.`);
  return ms / DAY_MS;
};

export function statsPeriod(from: string, to: string, tz: string): StatsPeriod {
  if (!isTimeZone(tz)) throw invalidInput(`Unknown time zone ${tz}.`);
  const first = epochDay(from);
  const last = epochDay(to);
  if (last < first) throw invalidInput('The period ends before it starts.');
  const days = last - first + 1;
  if (days > MAX_PERIOD_DAYS) throw invalidInput(`A period is at most ${MAX_PERIOD_DAYS} days.`);
  const dayStarts = Array.from({ length: days }, (_, i) => ({
    day: new Date((first + i) * DAY_MS).toISOString().slice(0, 10),
    start: localMidnight(first + i, tz),
  }));
  return {
    days,
    bucket: days <= HOURLY_UP_TO_DAYS ? 'hour' : 'day',
    start: dayStarts[0].start,
    end: localMidnight(last + 1, tz),
    previousStart: localMidnight(first - days, tz),
    dayStarts,
  };
}

/** The UTC hours whose roll-up rows fall in the period (those starting in it). */
export function periodHours(p: StatsPeriod): Date[] {
  const hours: Date[] = [];
  for (let t = Math.ceil(p.start.getTime() / HOUR_MS) * HOUR_MS; t < p.end.getTime(); t += HOUR_MS) {
    hours.push(new Date(t));
  }
  return hours;
}
