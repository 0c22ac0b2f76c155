import { describe, expect, it } from 'vitest';
import { localToday as todayIn } from '@tillbook/contract';
import { defaultGrouping, rangeOf } from './date-presets.ts';

describe('report date presets', () => {
  it('takes today in the shop’s time zone, not the browser’s', () => {
    const instant = new Date('2026-11-24T12:00:00Z');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-24');
    expect(todayIn('America/Los_Angeles', new Date('2026-11-25T07:30:00Z'))).toBe('2026-11-24');
  });

  it('works out each preset from today, weeks starting on Monday', () => {
    const today = '2026-11-25'; // a Wednesday
    expect(rangeOf('today', today)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(rangeOf('yesterday', today)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(rangeOf('this-week', today)).toEqual({ from: '2026-11-23', to: '2026-11-25' });
    expect(rangeOf('last-7-days', today)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(rangeOf('this-month', today)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(rangeOf('last-month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(rangeOf('this-year', today)).toEqual({ from: '2026-01-01', to: '2026-11-25' });
  });

  it('crosses months, years and leap days', () => {
    expect(rangeOf('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeOf('last-month', '2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(rangeOf('last-month', '2027-01-10')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(rangeOf('this-week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' }); // a Sunday
    expect(rangeOf('last-7-days', '2026-01-03')).toEqual({ from: '2025-12-28', to: '2026-01-03' });
  });

  it('groups a day by hour, a month by day, a quarter by week and a year by month', () => {
    expect(defaultGrouping({ from: '2026-11-25', to: '2026-11-25' })).toBe('hour');
    expect(defaultGrouping({ from: '2026-11-01', to: '2026-11-30' })).toBe('day');
    expect(defaultGrouping({ from: '2026-08-01', to: '2026-10-31' })).toBe('week');
    expect(defaultGrouping({ from: '2026-01-01', to: '2026-11-25' })).toBe('month');
  });
});
