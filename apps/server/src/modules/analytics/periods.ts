import { daysInRange, type ReportGrouping } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';

/** A report's range of the shop's local days, both ends included. */
export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(dateOf(day).getTime() + days * DAY_MS));
}

/** The period of the same length right before `from` (compare=previous). */
export function previousRange(range: DayRange): DayRange {
  const length = daysInRange(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** ISO week of a day: weeks start on Monday, week 1 holds the year's first Thursday. */
function isoWeekKey(day: string): string {
  const date = dateOf(day);
  const weekday = (date.getUTCDay() + 6) % 7;
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

function dayLabel(day: string): string {
  const date = dateOf(day);
  return `${weekdays[date.getUTCDay()]} ${date.getUTCDate()} ${months[date.getUTCMonth()]}`;
}

export type Period = { key: string; label: string };

/**
 * Every period of the range in order, so a chart has no gaps: "2026-11-25 14:00" (hour),
 * "2026-11-25" (day), "2026-W48" (ISO week, from Monday), "2026-11" (month).
 */
export function periodsOf(range: DayRange, groupBy: ReportGrouping): Period[] {
  const periods: Period[] = [];
  const seen = new Set<string>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    if (groupBy === 'hour') {
      for (let hour = 0; hour < 24; hour += 1) {
        const time = `${String(hour).padStart(2, '0')}:00`;
        periods.push({ key: `${day} ${time}`, label: `${dayLabel(day)} ${time}` });
      }
      continue;
    }
    const key = groupBy === 'day' ? day : groupBy === 'week' ? isoWeekKey(day) : day.slice(0, 7);
    if (seen.has(key)) continue;
    seen.add(key);
    const date = dateOf(day);
    const label =
      groupBy === 'day'
        ? dayLabel(day)
        : groupBy === 'week'
          ? `Week ${Number(key.slice(6))} (from ${dayLabel(day)})`
          : `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
    periods.push({ key, label });
  }
  return periods;
}

/** The SQL key of a summary row's period, the same strings as `periodsOf`; `hour` is null for summaries kept per day. */
export function periodKeySql(groupBy: ReportGrouping, day: SQL, hour: SQL | null): SQL {
  if (groupBy === 'hour' && hour) return sql`to_char(${day}, 'YYYY-MM-DD') || ' ' || lpad(${hour}::text, 2, '0') || ':00'`;
  if (groupBy === 'week') return sql`to_char(${day}, 'IYYY-"W"IW')`;
  if (groupBy === 'month') return sql`to_char(${day}, 'YYYY-MM')`;
  return sql`to_char(${day}, 'YYYY-MM-DD')`;
}
