/**
 * The shop's time zone: an IANA name (Settings › General). Days, receipts, the Z report and
 * e-mails count in it, so a sale at 23:30 local time belongs to that local day, wherever the
 * server or the browser stands. Pure helpers on `Intl`, the same on the server and in the browser.
 */

/** A calendar day, "2026-11-22". */
export type LocalDate = string;

export type LocalDateTimeParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export const timeZoneMessage = 'Choose a time zone from the list.';

let machineZone: string | undefined;

/**
 * The zone of the machine this runs on: the server's for a shop that has chosen none, the browser's
 * until the settings load. Read once (a DateTimeFormat costs about 0.1 ms, and the settings are read
 * at most requests).
 */
export function systemTimeZone(): string {
  machineZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return machineZone;
}

/** Every IANA zone this runtime knows, with UTC (which `Intl.supportedValuesOf` leaves out). */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? [...names] : [...names, 'UTC'];
}

/**
 * The canonical IANA name of `name` ("america/new_york" → "America/New_York", "Etc/UTC" → "UTC"),
 * or null when it names no zone; an offset such as "+05:00" is not a zone a shop stands in.
 */
export function canonicalTimeZone(name: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolved === 'UTC') return resolved;
  return Intl.supportedValuesOf('timeZone').includes(resolved) ? resolved : null;
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

const asDate = (instant: Date | string): Date => (typeof instant === 'string' ? new Date(instant) : instant);

/** The wall clock of `timeZone` at `instant`: 2026-11-22T04:30Z in America/New_York → 2026-11-21 23:30:00. */
export function localDateTimeParts(instant: Date | string, timeZone: string): LocalDateTimeParts {
  const parts: Record<string, number> = {};
  for (const part of partFormatterOf(timeZone).formatToParts(asDate(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local day of `instant` in `timeZone`: a sale at 2026-11-22T04:30Z is on "2026-11-21" in New York. */
export function localDateOf(instant: Date | string, timeZone: string): LocalDate {
  const { year, month, day } = localDateTimeParts(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** "23:30": the time of day on `timeZone`'s clock, 24-hour. */
export function localTimeOf(instant: Date | string, timeZone: string): string {
  const { hour, minute } = localDateTimeParts(instant, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** "2026-11-21 23:30": a moment on `timeZone`'s clock, in no locale's words. */
export function localDateTimeText(instant: Date | string, timeZone: string): string {
  return `${localDateOf(instant, timeZone)} ${localTimeOf(instant, timeZone)}`;
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in minutes (New York in winter: -300; Chatham: 765 or 825). */
export function utcOffsetMinutes(instant: Date | string, timeZone: string): number {
  const date = asDate(instant);
  const p = localDateTimeParts(date, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** "UTC−05:00", "UTC+05:30", "UTC": a zone's offset as the list of zones shows it. */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  const minutes = utcOffsetMinutes(at, timeZone);
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '\u2212' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function parseLocalDate(date: LocalDate): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`"${date}" is not a date like 2026-11-22.`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The calendar day `days` after (or before) `date`: addDays("2026-12-31", 1) → "2027-01-01". */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = parseLocalDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

const HOUR = 3_600_000;

/**
 * The instant the local day `date` starts in `timeZone`: its first moment whose local date is
 * `date` — local midnight, or the end of the gap where a clock skips midnight (Santiago's spring
 * change), the first of two midnights where a clock falls back over it (Havana). The zone's
 * offset a day and a half either side covers any change on the day itself.
 */
export function zonedDayStart(date: LocalDate, timeZone: string): Date {
  const [year, month, day] = parseLocalDate(date);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  const offsets = new Set([-36 * HOUR, 0, 36 * HOUR].map((shift) => utcOffsetMinutes(new Date(midnightAsUtc + shift), timeZone)));
  const candidates = [...offsets]
    .map((offset) => midnightAsUtc - offset * 60_000)
    .filter((instant) => localDateOf(new Date(instant), timeZone) === date)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? midnightAsUtc);
}

/** "2026-11-21T23:30": the wall clock of `timeZone` at `instant`, as a datetime-local field holds it. */
export function localDateTimeInput(instant: Date | string, timeZone: string): string {
  return `${localDateOf(instant, timeZone)}T${localTimeOf(instant, timeZone)}`;
}

/**
 * The instant `timeZone`'s clock reads `local` ("2026-11-21T23:30", as a datetime-local field
 * gives it), or null when that is no date and time. A time the clock skips (02:30 on the morning
 * it springs forward) is read with the offset before the change, so it lands just after the gap;
 * a time it shows twice (01:30 when it falls back) is the first of the two.
 */
export function zonedDateTime(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wallAsUtc);
  if (Number.isNaN(wallAsUtc) || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  const before = utcOffsetMinutes(new Date(wallAsUtc - 36 * HOUR), timeZone);
  const offsets = new Set([before, utcOffsetMinutes(check, timeZone), utcOffsetMinutes(new Date(wallAsUtc + 36 * HOUR), timeZone)]);
  const exact = [...offsets]
    .map((offset) => wallAsUtc - offset * 60_000)
    .filter((instant) => {
      const p = localDateTimeParts(new Date(instant), timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) === wallAsUtc;
    })
    .sort((a, b) => a - b);
  return new Date(exact[0] ?? wallAsUtc - before * 60_000);
}

/** The instants from the start of `from` up to (not including) the start of the day after `to`: local days, both included. */
export function zonedDayRange(from: LocalDate, to: LocalDate, timeZone: string): { start: Date; end: Date } {
  return { start: zonedDayStart(from, timeZone), end: zonedDayStart(addDays(to, 1), timeZone) };
}

/** Today in `timeZone`. */
export function localToday(timeZone: string, now: Date = new Date()): LocalDate {
  return localDateOf(now, timeZone);
}
