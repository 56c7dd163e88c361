import type { EmailReportPeriod } from '../../../src/api/contract/email-reports.ts';

/** A report's period: whole days `from`..`to` (inclusive, YYYY-MM-DD) in the report's time zone. */
export interface ReportDays {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (epochDay: number): string => new Date(epochDay * DAY_MS).toISOString().slice(0, 10);

/** Today's date in `tz` at instant `now`, as days since 1970-01-01. */
function localEpochDay(now: Date, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(now)
    .reduce<Record<string, number>>((acc, p) => {
      if (p.type !== 'literal') acc[p.type] = Number(p.value);
      return acc;
    }, {});
  return Date.UTC(parts.year, parts.month - 1, parts.day) / DAY_MS;
}

/**
 * The last whole period before `now` in `tz`: yesterday, last week (Monday to Sunday, ISO 8601) or last calendar
 * month. It is the period a scheduled report mails, and what "Send now" mails as a test.
 */
export function lastWholePeriod(period: EmailReportPeriod, tz: string, now: Date): ReportDays {
  const today = localEpochDay(now, tz);
  if (period === 'daily') return { from: isoDay(today - 1), to: isoDay(today - 1) };
  if (period === 'weekly') {
    // 1970-01-01 was a Thursday: (day + 3) % 7 is 0 on Mondays.
    const monday = today - ((today + 3) % 7);
    return { from: isoDay(monday - 7), to: isoDay(monday - 1) };
  }
  const d = new Date(today * DAY_MS);
  const firstOfMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
  const firstOfLast = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / DAY_MS;
  return { from: isoDay(firstOfLast), to: isoDay(firstOfMonth - 1) };
}
