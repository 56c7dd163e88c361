// Issue 37 §2: the period a report mails is the last whole day, ISO week or calendar month in its own time zone.
import { describe, expect, it } from 'vitest';
import { lastWholePeriod } from '../../server/features/email-reports/report-period.ts';

describe('email report periods', () => {
  // Monday 2026-03-02, 00:30 in Prague is still Sunday 23:30 UTC.
  const mondayPrague = new Date('2026-03-01T23:30:00Z');

  it('daily: yesterday in the report’s zone', () => {
    expect(lastWholePeriod('daily', 'Europe/Prague', mondayPrague)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(lastWholePeriod('daily', 'UTC', mondayPrague)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('weekly: the last whole Monday-to-Sunday week', () => {
    expect(lastWholePeriod('weekly', 'Europe/Prague', mondayPrague)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    // In UTC it is still Sunday: the week before that one.
    expect(lastWholePeriod('weekly', 'UTC', mondayPrague)).toEqual({ from: '2026-02-16', to: '2026-02-22' });
    // Any day of a week gives the week before it.
    expect(lastWholePeriod('weekly', 'UTC', new Date('2026-11-28T12:00:00Z'))).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });

  it('monthly: the last calendar month, across a year and a leap February', () => {
    // 00:30 on 1 March in Prague, still 28 February in UTC.
    const firstOfMarchPrague = new Date('2026-02-28T23:30:00Z');
    expect(lastWholePeriod('monthly', 'Europe/Prague', firstOfMarchPrague)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(lastWholePeriod('monthly', 'UTC', firstOfMarchPrague)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(lastWholePeriod('monthly', 'UTC', new Date('2028-03-15T00:00:00Z'))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(lastWholePeriod('monthly', 'Pacific/Auckland', new Date('2026-12-31T12:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });
});
