import { describe, expect, it } from 'vitest';
import {
  checkPoints,
  defaultPoints,
  FROM_AFTER_TO,
  formatPoint,
  INVALID_POINT,
  parsePoint,
  toMtime,
} from '../../src/machines/historyCompare/pointInTime.ts';
import { stableJson } from '../../src/machines/historyCompare/stableJson.ts';

/** Seconds of a local wall-clock time, the way the browser reads the inputs. */
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  new Date(y, mo - 1, d, h, mi, s).getTime() / 1000;

describe('history points in time (spec 2 §8)', () => {
  it('reads a date alone as 00:00:00 local time', () => {
    expect(parsePoint('2026-03-05')).toBe(local(2026, 3, 5));
  });

  it('reads a date with a time', () => {
    expect(parsePoint('2026-03-05 14:07:59')).toBe(local(2026, 3, 5, 14, 7, 59));
    expect(parsePoint('  2026-12-31 23:59:59 ')).toBe(local(2026, 12, 31, 23, 59, 59));
  });

  it.each([
    ['month 13', '2026-13-01'],
    ['month 00', '2026-00-10'],
    ['day 30 of February', '2026-02-30'],
    ['day 32', '2026-01-32'],
    ['hour 24', '2026-01-01 24:00:00'],
    ['minute 60', '2026-01-01 10:60:00'],
    ['second 60', '2026-01-01 10:00:60'],
    ['trailing garbage', '2026-01-01x'],
    ['trailing garbage after the time', '2026-01-01 10:00:00 pm'],
    ['a time without seconds', '2026-01-01 10:00'],
    ['single digits', '2026-1-1'],
    ['ISO T separator', '2026-01-01T10:00:00'],
    ['empty', ''],
  ])('rejects %s', (_, text) => {
    expect(parsePoint(text)).toBeNull();
  });

  it('asks for microseconds including the whole chosen second (seconds × 1e6 + 999999)', () => {
    expect(toMtime(0)).toBe(999_999);
    expect(toMtime(1_767_225_600)).toBe(1_767_225_600_999_999);
  });

  it('formats as the inputs show, and reads back what it formats', () => {
    const t = local(2026, 7, 9, 8, 5, 3);
    expect(formatPoint(t)).toBe('2026-07-09 08:05:03');
    expect(parsePoint(formatPoint(t))).toBe(t);
  });

  it('defaults to today 00:00:00 .. now', () => {
    const now = new Date(2026, 10, 22, 14, 50, 12, 345).getTime();
    expect(defaultPoints(now)).toEqual({ from: local(2026, 11, 22), to: local(2026, 11, 22, 14, 50, 12) });
  });

  it('explains invalid texts and a From after To', () => {
    expect(checkPoints('2026-01-02', 'soon')).toEqual({
      from: local(2026, 1, 2),
      to: null,
      fromError: null,
      toError: INVALID_POINT,
    });
    expect(checkPoints('2026-01-02 00:00:01', '2026-01-02').fromError).toBe(FROM_AFTER_TO);
    expect(checkPoints('2026-01-02', '2026-01-02').fromError).toBeNull();
    expect(checkPoints('x', '2026-01-02').fromError).toBe(INVALID_POINT);
  });
});

describe('stableJson', () => {
  it('sorts keys at every depth and indents by 2', () => {
    expect(stableJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(
      '{\n  "a": [\n    {\n      "c": 3,\n      "d": 2\n    }\n  ],\n  "b": 1\n}',
    );
  });
});
