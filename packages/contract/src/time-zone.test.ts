import { describe, expect, it } from 'vitest';
import { generalSettingsInput } from './settings.ts';
import {
  addDays,
  canonicalTimeZone,
  localDateOf,
  localDateTimeInput,
  localDateTimeParts,
  localDateTimeText,
  localTimeOf,
  timeZoneNames,
  utcOffsetLabel,
  utcOffsetMinutes,
  zonedDayRange,
  zonedDateTime,
  zonedDayStart,
} from './time-zone.ts';

describe('local days of an instant', () => {
  it('puts a sale at 23:30 in New York on that local day, though it is the next day in UTC', () => {
    expect(localDateOf('2026-11-22T04:30:00Z', 'America/New_York')).toBe('2026-11-21');
    expect(localDateTimeParts('2026-11-22T04:30:00Z', 'America/New_York')).toEqual({ year: 2026, month: 11, day: 21, hour: 23, minute: 30, second: 0 });
    expect(localDateOf('2026-11-22T04:30:00Z', 'UTC')).toBe('2026-11-22');
    expect(localDateTimeText('2026-11-22T04:30:00Z', 'America/New_York')).toBe('2026-11-21 23:30');
    expect(localTimeOf('2026-11-22T00:05:00Z', 'Asia/Kolkata')).toBe('05:35');
  });

  it('reads half- and three-quarter-hour zones', () => {
    // Kolkata is UTC+5:30: 18:30Z is midnight of the next day there.
    expect(localDateTimeParts(new Date('2026-03-10T18:29:00Z'), 'Asia/Kolkata')).toMatchObject({ day: 10, hour: 23, minute: 59 });
    expect(localDateOf('2026-03-10T18:30:00Z', 'Asia/Kolkata')).toBe('2026-03-11');
    // Chatham is UTC+12:45 in its winter (June) and +13:45 in its summer (January).
    expect(utcOffsetMinutes('2026-06-15T00:00:00Z', 'Pacific/Chatham')).toBe(765);
    expect(utcOffsetMinutes('2026-01-15T00:00:00Z', 'Pacific/Chatham')).toBe(825);
    expect(localDateTimeParts('2026-06-15T11:15:00Z', 'Pacific/Chatham')).toMatchObject({ day: 16, hour: 0, minute: 0 });
  });

  it('labels offsets as the list of zones shows them', () => {
    expect(utcOffsetLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC\u221205:00');
    expect(utcOffsetLabel('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+05:30');
    expect(utcOffsetLabel('UTC')).toBe('UTC');
  });
});

describe('the instant a local day starts', () => {
  it('is local midnight on an ordinary day', () => {
    expect(zonedDayStart('2026-11-21', 'America/New_York').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(zonedDayStart('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(zonedDayStart('2026-03-11', 'Asia/Kolkata').toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(zonedDayStart('2026-06-16', 'Pacific/Chatham').toISOString()).toBe('2026-06-15T11:15:00.000Z');
    expect(zonedDayStart('2026-01-16', 'Pacific/Chatham').toISOString()).toBe('2026-01-15T10:15:00.000Z');
    expect(zonedDayStart('2026-11-21', 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });

  it('counts 23 and 25 hours on the days the clocks change', () => {
    const hours = (date: string, zone: string) => {
      const { start, end } = zonedDayRange(date, date, zone);
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    // New York: forward on 8 March 2026, back on 1 November 2026 (both at 02:00).
    expect(zonedDayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(hours('2026-03-08', 'America/New_York')).toBe(23);
    expect(zonedDayStart('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(hours('2026-11-01', 'America/New_York')).toBe(25);
    expect(hours('2026-11-02', 'America/New_York')).toBe(24);
    // Berlin: forward on 29 March 2026, back on 25 October 2026.
    expect(hours('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-25', 'Europe/Berlin')).toBe(25);
    // Chatham moves 1 hour at 02:45 local: 5 April 2026 back, 27 September 2026 forward.
    expect(hours('2026-04-05', 'Pacific/Chatham')).toBe(25);
    expect(hours('2026-09-27', 'Pacific/Chatham')).toBe(23);
  });

  it('starts at the end of the gap where the clock skips midnight', () => {
    // Santiago moves from 00:00 to 01:00 on 6 September 2026: the day starts at 01:00 -03, 04:00Z.
    const start = zonedDayStart('2026-09-06', 'America/Santiago');
    expect(localDateOf(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDateOf(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('puts the 23:30 sale inside its local day and the next day after it', () => {
    const sale = new Date('2026-11-22T04:30:00Z');
    const { start, end } = zonedDayRange('2026-11-21', '2026-11-21', 'America/New_York');
    expect(sale >= start && sale < end).toBe(true);
    expect(sale < zonedDayStart('2026-11-22', 'America/New_York')).toBe(true);
  });

  it('steps calendar days over month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('a wall-clock time in a zone', () => {
  it('is the instant that zone’s clock reads it, and back', () => {
    expect(zonedDateTime('2026-11-21T23:30', 'America/New_York')?.toISOString()).toBe('2026-11-22T04:30:00.000Z');
    expect(localDateTimeInput('2026-11-22T04:30:00Z', 'America/New_York')).toBe('2026-11-21T23:30');
    expect(zonedDateTime('2026-03-11T00:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(zonedDateTime('2026-06-16T00:00', 'Pacific/Chatham')?.toISOString()).toBe('2026-06-15T11:15:00.000Z');
  });

  it('lands just after a skipped hour and on the first of a repeated one', () => {
    // New York skips 02:00–03:00 on 8 March 2026 and shows 01:00–02:00 twice on 1 November 2026.
    expect(zonedDateTime('2026-03-08T02:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedDateTime('2026-11-01T01:30', 'America/New_York')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('is null for what is no date and time', () => {
    expect(zonedDateTime('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(zonedDateTime('tomorrow', 'UTC')).toBeNull();
    expect(zonedDateTime('2026-02-01T25:00', 'UTC')).toBeNull();
  });
});

describe('the time-zone setting', () => {
  it('knows every IANA zone and UTC, in their canonical names', () => {
    expect(timeZoneNames()).toContain('UTC');
    expect(timeZoneNames()).toContain('America/New_York');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+05:00')).toBeNull();
  });

  it('is checked on the general settings, with a message on the field', () => {
    const base = { businessName: 'Corner Shop', currency: 'USD', locale: 'en-US' };
    expect(generalSettingsInput.parse({ ...base, timeZone: ' Europe/Berlin ' }).timeZone).toBe('Europe/Berlin');
    expect(generalSettingsInput.parse(base).timeZone).toBeUndefined();
    const bad = generalSettingsInput.safeParse({ ...base, timeZone: 'Europe/Atlantis' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['timeZone', 'Choose a time zone from the list.']]);
  });
});
