/**
 * The one date and time formatter of the app, beside the money formatter (lib/shop-settings.ts):
 * the shop's locale, and its time zone once the shop has one (until then the browser's).
 */
export type DateFormatOptions = { locale?: string; timeZone?: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(options: Intl.DateTimeFormatOptions, { locale, timeZone }: DateFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, timeZone, options]);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "Nov 22, 2026, 9:02 AM": when something happened. */
export function formatDateTime(iso: string, options: DateFormatOptions = {}): string {
  return formatterOf({ dateStyle: 'medium', timeStyle: 'short' }, options).format(new Date(iso));
}

/** "Nov 22, 2026": a day. */
export function formatDate(iso: string, options: DateFormatOptions = {}): string {
  return formatterOf({ dateStyle: 'medium' }, options).format(new Date(iso));
}

/** "09:02": a time today (the drawer screens). */
export function formatTime(iso: string, options: DateFormatOptions = {}): string {
  return formatterOf({ hour: '2-digit', minute: '2-digit' }, options).format(new Date(iso));
}
