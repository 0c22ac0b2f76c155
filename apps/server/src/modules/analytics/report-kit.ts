import type { AnalyticsQuery, FigureKind, ReportChart, ReportColumn, ReportGrouping, ReportViewKey } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { DayRange, Period } from './periods.ts';

/** One cell of a report's table. */
export type Figure = number | string | null;
export type Row = Record<string, Figure>;

/** What a report is asked: the query, its range, the compared range and the grouping it answers with. */
export type ReportContext = {
  db: DbOrTx;
  query: AnalyticsQuery;
  range: DayRange;
  previous: DayRange | null;
  groupBy: ReportGrouping;
  view: ReportViewKey;
};

/** A table's rows (a page of them, or all for CSV), its totals over every row and how many rows it has. */
export type ReportTable = { rows: Row[]; totals: Row; total: number };

export type ReportBody = {
  columns: ReportColumn[];
  /** The table's order when `sort` is not given. */
  defaultSort: string;
  chart: ReportChart;
  notes: string[];
  /** Days-only summaries answer `day` when asked for hours. */
  groupBy?: ReportGrouping;
};

export type CardFigure = { key: string; label: string; kind: FigureKind; value: number | null; note?: string | null };

/** A report: its table and chart, and its headline figures for a range. */
export type ReportDefinition = {
  body(ctx: ReportContext): Promise<ReportBody>;
  /** The table; `page` is null for every row (CSV). */
  table(ctx: ReportContext, sort: { key: string; descending: boolean }, page: { limit: number; offset: number } | null): Promise<ReportTable>;
  cards(ctx: ReportContext, range: DayRange): Promise<CardFigure[]>;
  /** Whether the compared period means anything (not for stock on hand now). */
  comparable?: boolean;
};

export const column = (key: string, label: string, kind: FigureKind, sortable = true): ReportColumn => ({ key, label, kind, sortable });

/** `sort=key` / `-key` checked against the table's sortable columns (422 on sort otherwise). */
export function sortOf(sort: string | undefined, columns: ReportColumn[], fallback: string): { key: string; descending: boolean } {
  const value = sort ?? fallback;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  if (!columns.some((c) => c.sortable && c.key === key)) {
    const allowed = columns.filter((c) => c.sortable).flatMap((c) => [c.key, `-${c.key}`]);
    throw AppError.validation({ sort: [`The sort must be one of: ${allowed.join(', ')}.`] });
  }
  return { key, descending };
}

/** Sorts rows in memory: numbers by value, text alphabetically, empty cells last either way. */
export function sortRows(rows: Row[], sort: { key: string; descending: boolean }): Row[] {
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key] ?? null;
    const y = b[sort.key] ?? null;
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y));
  });
}

/** The table's page of a query (page from 1, perPage rows). */
export const pageOf = (query: { page: number; perPage: number }) => ({ limit: query.perPage, offset: (query.page - 1) * query.perPage });

/** A whole table sorted (and cut to the page when asked). */
export function tableOf(rows: Row[], totals: Row, sort: { key: string; descending: boolean }, page: { limit: number; offset: number } | null): ReportTable {
  const sorted = sortRows(rows, sort);
  return { rows: page ? sorted.slice(page.offset, page.offset + page.limit) : sorted, totals, total: rows.length };
}

/** Integer division rounding half up (half away from zero), in whole numbers only, for averages and rates. */
export function divideRounded(numerator: number, denominator: number): number | null {
  if (denominator === 0) return null;
  const b = Math.abs(denominator);
  const quotient = Math.floor((Math.abs(numerator) * 2 + b) / (2 * b));
  return Math.sign(numerator) * Math.sign(denominator) * quotient || 0;
}

/** Change from `previous` to `value` in hundredths of a per cent; null when the previous figure is 0 or missing. */
export function changeOf(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return divideRounded((value - previous) * 10_000, Math.abs(previous));
}

/** A part of a whole in hundredths of a per cent (2534 = 25.34 %); null when the whole is 0. */
export function percentOf(part: number, whole: number): number | null {
  return divideRounded(part * 10_000, whole);
}

/** Sums of numbers by key (a summary's columns over rows). */
export function sumOf<K extends string>(rows: Array<Record<K, number>>, keys: readonly K[]): Record<K, number> {
  const sums = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) for (const k of keys) sums[k] += row[k];
  return sums;
}

/** Rows of a database answer with every listed column as a number (bigint sums arrive as text). */
export function numbersOf<K extends string>(rows: Array<Record<string, unknown>>, keys: readonly K[]): Array<Record<K, number> & Record<string, unknown>> {
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const k of keys) out[k] = Number(row[k] ?? 0);
    return out as Record<K, number> & Record<string, unknown>;
  });
}

/**
 * Per-period sums spread over every period of the range (zeros where nothing happened), so the
 * chart and the table have no gaps.
 */
export function fillPeriods<K extends string>(periods: Period[], found: Array<Record<K, number> & { period: unknown }>, keys: readonly K[]) {
  const byKey = new Map(found.map((r) => [String(r.period), r]));
  return periods.map((p) => {
    const hit = byKey.get(p.key);
    const sums = Object.fromEntries(keys.map((k) => [k, hit ? hit[k] : 0])) as Record<K, number>;
    return { period: p, sums };
  });
}

const remembered = new WeakMap<ReportContext, Map<string, Promise<unknown>>>();

/** Runs `load` once per request and key: the chart, the table and the totals share one query. */
export function once<T>(ctx: ReportContext, key: string, load: () => Promise<T>): Promise<T> {
  let map = remembered.get(ctx);
  if (!map) remembered.set(ctx, (map = new Map()));
  if (!map.has(key)) map.set(key, load());
  return map.get(key) as Promise<T>;
}
