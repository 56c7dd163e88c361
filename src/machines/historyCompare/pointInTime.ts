import dayjs from 'dayjs';
// The .js suffix lets plain Node (the statechart generator) resolve the plugin as Vite does.
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/** Spec 2 §8: a date with an optional time; a date alone means 00:00:00. Times are the browser's local time. */
export const POINT_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DATE_FORMAT = 'YYYY-MM-DD';
/** The shape only; dayjs' strict parse then rejects impossible dates and times (2026-02-30, 24:00:00). */
const POINT_SHAPE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

export const INVALID_POINT = 'Use YYYY-MM-DD or YYYY-MM-DD HH:MM:ss.';
export const FROM_AFTER_TO = 'From must be before To.';

/** Spec 2 §10: a comparison asks for microseconds, the whole chosen second included. */
export const MICROS_PER_SECOND = 1e6;
export const WHOLE_SECOND_MICROS = 999_999;

/** The point in time typed by the user, in whole seconds since the epoch; null when the text is not valid. */
export function parsePoint(text: string): number | null {
  const trimmed = text.trim();
  const match = POINT_SHAPE.exec(trimmed);
  if (!match) return null;
  const parsed = dayjs(trimmed, match[1] ? POINT_FORMAT : DATE_FORMAT, true);
  return parsed.isValid() ? parsed.unix() : null;
}

/** The `mtime` that asks for everything up to and including the second `seconds`. */
export const toMtime = (seconds: number): number => seconds * MICROS_PER_SECOND + WHOLE_SECOND_MICROS;

/** Seconds since the epoch as the inputs show them. */
export const formatPoint = (seconds: number): string => dayjs.unix(seconds).format(POINT_FORMAT);

/** The default pair: today 00:00:00 to now (whole seconds), given the clock in milliseconds. */
export function defaultPoints(nowMs: number): { from: number; to: number } {
  const now = dayjs(nowMs);
  return { from: now.startOf('day').unix(), to: now.unix() };
}

export interface PointsCheck {
  from: number | null;
  to: number | null;
  fromError: string | null;
  toError: string | null;
}

/** Both texts checked together: each must parse, and From may not be after To (the error sits under From). */
export function checkPoints(fromText: string, toText: string): PointsCheck {
  const from = parsePoint(fromText);
  const to = parsePoint(toText);
  const fromError = from === null ? INVALID_POINT : to !== null && from > to ? FROM_AFTER_TO : null;
  return { from, to, fromError, toError: to === null ? INVALID_POINT : null };
}
