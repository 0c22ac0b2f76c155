import { addDays, daysInRange, type ReportGrouping } from '@tillbook/contract';

/** The ranges a report offers, as the address names them. */
export const rangePresets = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'this-week', label: 'This week' },
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'this-year', label: 'This year' },
  { id: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof rangePresets)[number]['id'];

export const defaultPreset = 'last-7-days' satisfies RangePreset;

export function isRangePreset(value: string | null | undefined): value is RangePreset {
  return rangePresets.some((preset) => preset.id === value);
}

export type DateRange = { from: string; to: string };

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The days a preset covers, both ends included, counted from `today`; weeks start on Monday. */
export function rangeOf(preset: Exclude<RangePreset, 'custom'>, today: string): DateRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'this-week': {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      return { from: addDays(today, -weekday), to: today };
    }
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last-month': {
      const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
      return { from: `${previous.year}-${String(previous.month).padStart(2, '0')}-01`, to: lastDayOfMonth(previous.year, previous.month) };
    }
    case 'this-year':
      return { from: `${year}-01-01`, to: today };
  }
}

/** What a range is best read by when nobody chose: hours of a day, days of a month, weeks of a quarter, months beyond. */
export function defaultGrouping({ from, to }: DateRange): ReportGrouping {
  const days = daysInRange(from, to);
  if (days <= 1) return 'hour';
  if (days <= 62) return 'day';
  if (days <= 190) return 'week';
  return 'month';
}
