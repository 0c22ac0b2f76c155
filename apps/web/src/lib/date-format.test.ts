import { describe, expect, it } from 'vitest';
import { dateFormatOf, formatDate, formatDateTime, formatTime } from './date-format.ts';

const lateSale = '2026-11-22T04:30:00Z';

describe('dates on screen', () => {
  it('shows a sale made at 04:30Z as 23:30 of the day before in a New York shop', () => {
    const nyc = { locale: 'en-GB', timeZone: 'America/New_York' };
    expect(formatDateTime(lateSale, nyc)).toBe('21 Nov 2026, 23:30');
    expect(formatDate(lateSale, nyc)).toBe('21 Nov 2026');
    expect(formatTime(lateSale, nyc)).toBe('23:30');
  });

  it('follows the shop’s zone and locale, whatever the browser’s', () => {
    expect(dateFormatOf({ locale: 'en-GB', timeZone: 'Asia/Kolkata' }).dateTime(lateSale)).toBe('22 Nov 2026, 10:00');
    expect(dateFormatOf({ locale: 'de-DE', timeZone: 'Pacific/Chatham' }).time(lateSale)).toBe('18:15');
    expect(dateFormatOf({ locale: 'en-GB', timeZone: 'UTC' }).date(lateSale)).toBe('22 Nov 2026');
  });

  it('falls back to the browser’s clock for a zone it does not know, rather than failing the screen', () => {
    expect(() => formatDateTime(lateSale, { locale: 'en-GB', timeZone: 'Mars/Olympus_Mons' })).not.toThrow();
  });
});
