import { keptByKey } from '@tillbook/contract';

/**
 * The one date and time formatter of the app, beside the money formatter (lib/shop-settings.ts):
 * the shop's locale and time zone (Settings › General; the browser's until the settings load).
 */
export type DateFormatOptions = { locale?: string; timeZone?: string };

/** One formatter per locale, time zone and style, built once and kept (keptByKey). */
const formatterByKey = keptByKey(256, (key) => {
  // JSON writes a missing locale or zone as null: the browser's own.
  const [locale, timeZone, options] = JSON.parse(key) as [string | null, string | null, Intl.DateTimeFormatOptions];
  try {
    return new Intl.DateTimeFormat(locale ?? undefined, { ...options, timeZone: timeZone ?? undefined });
  } catch {
    // A zone this browser does not know (an older time-zone database): its own clock, not a broken screen.
    return new Intl.DateTimeFormat(locale ?? undefined, options);
  }
});

function formatterOf(options: Intl.DateTimeFormatOptions, { locale, timeZone }: DateFormatOptions): Intl.DateTimeFormat {
  return formatterByKey(JSON.stringify([locale, timeZone, options]));
}

/** "Nov 22, 2026, 9:02 AM": when something happened. */
export function formatDateTime(iso: string, options: DateFormatOptions = {}): string {
  return formatterOf({ dateStyle: 'medium', timeStyle: 'short' }, options).format(new Date(iso));
}

/** "Nov 22, 2026": a day. */
export function formatDate(iso: string, options: DateFormatOptions = {}): string {
  return formatterOf({ dateStyle: 'medium' }, options).format(new Date(iso));
}

/** "Nov 30, 2026" for a calendar day ("2026-11-30"), read as that day wherever the browser is. */
export function formatDay(day: string, locale?: string): string {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return formatterOf({ dateStyle: 'medium' }, { locale, timeZone: 'UTC' }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** "09:02": a time today (the drawer screens). */
export function formatTime(iso: string, options: DateFormatOptions = {}): string {
  return formatterOf({ hour: '2-digit', minute: '2-digit' }, options).format(new Date(iso));
}

export type DateFormat = { dateTime: (iso: string) => string; date: (iso: string) => string; time: (iso: string) => string };

/** The three formatters for one locale and time zone (useDateFormat gives the shop's). */
export function dateFormatOf(options: DateFormatOptions): DateFormat {
  return {
    dateTime: (iso: string) => formatDateTime(iso, options),
    date: (iso: string) => formatDate(iso, options),
    time: (iso: string) => formatTime(iso, options),
  };
}
