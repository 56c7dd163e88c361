import { HOURLY_UP_TO_DAYS, MAX_PERIOD_DAYS } from '../../api/contract/stats.ts';

export type PresetPeriod = 'today' | '7d' | '30d';
export type PeriodKind = PresetPeriod | 'custom';

/** A period of whole days, both ends included, as YYYY-MM-DD in the dashboard's time zone. */
export interface Period {
  kind: PeriodKind;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** Today's date in a time zone ('en-CA' formats as YYYY-MM-DD). */
export const todayIn = (tz: string, now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days in the period, both ends included. */
export const periodDays = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const PRESET_DAYS: Record<PresetPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

export const presetPeriod = (kind: PresetPeriod, today: string): Period => ({
  kind,
  from: addDays(today, 1 - PRESET_DAYS[kind]),
  to: today,
});

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** A custom period the server answers: real days, in order, at most a year. */
export const isValidPeriod = (from: string, to: string): boolean =>
  isDay(from) && isDay(to) && from <= to && periodDays(from, to) <= MAX_PERIOD_DAYS;

/** Short periods are shown per hour (the server buckets the same way). */
export const isHourly = (period: Pick<Period, 'from' | 'to'>): boolean =>
  periodDays(period.from, period.to) <= HOURLY_UP_TO_DAYS;
