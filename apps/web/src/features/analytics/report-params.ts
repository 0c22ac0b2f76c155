import { reportFilters, reportGroupings, reportNames, reportViews, type ReportFilterKey, type ReportViewKey, type ReportGrouping, type ReportName, localToday } from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useListParams, type ListParamValue } from '../../lib/list-params.ts';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';
import type { AnalyticsParams } from './api.ts';
import { defaultGrouping, defaultPreset, isRangePreset, rangeOf, type DateRange, type RangePreset } from './date-presets.ts';

const isReport = (value: string | undefined): value is ReportName => reportNames.some((name) => name === value);
const isGrouping = (value: string | undefined): value is ReportGrouping => reportGroupings.some((g) => g === value);

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The shop's time zone (Settings › General), or the browser's when the shop has none; undefined
 * while the settings load, so a report is not asked for twice (once for the browser's today).
 */
export function useShopTimeZone(): string | undefined {
  const settings = useQuery(shopSettingsQuery);
  if (settings.isPending) return undefined;
  return settings.data?.timeZone ?? browserTimeZone();
}

export type ReportParams = {
  report: ReportName;
  /** False while the shop's time zone is not known yet (its today decides the presets). */
  isReady: boolean;
  preset: RangePreset;
  range: DateRange;
  groupBy: ReportGrouping;
  compare: boolean;
  filters: Partial<Record<ReportFilterKey, string>>;
  /** The table's rows: by period or a breakdown the report offers (`by`; the first of `reportViews` when absent). */
  view: ReportViewKey;
  /** Inventory: stock at the end of this day, and how many days without a sale make dead stock. */
  at?: string;
  deadDays?: string;
  sort?: string;
  /** GET /api/analytics's query. */
  query: AnalyticsParams;
  set: (patch: Record<string, ListParamValue>, options?: { keepPage?: boolean }) => void;
  setPage: (page: number) => void;
  setSort: (sort: string) => void;
};

/**
 * A report's whole state lives in the address, so it can be bookmarked and shared: `report`
 * (SPEC.md's menu says `path`; `report` wins), `range` (a preset, recomputed each day) or
 * `from`/`to` (custom), `groupBy`, the report's filters, `compare=previous`, `page` and `sort`.
 */
export function useReportParams(): ReportParams {
  const list = useListParams();
  const timeZone = useShopTimeZone();
  const { get } = list;
  const requested = get('report') ?? get('path');
  const report: ReportName = isReport(requested) ? requested : 'revenue';
  const rangeParam = get('range');
  const from = get('from');
  const to = get('to');
  const preset: RangePreset = isRangePreset(rangeParam) ? rangeParam : from || to ? 'custom' : defaultPreset;
  const today = localToday(timeZone ?? browserTimeZone());
  const fallback = rangeOf(defaultPreset, today);
  const range = useMemo(
    () => (preset === 'custom' ? { from: from ?? to ?? fallback.from, to: to ?? from ?? fallback.to } : rangeOf(preset, today)),
    [preset, from, to, today, fallback.from, fallback.to],
  );
  const groupParam = get('groupBy');
  const groupBy = isGrouping(groupParam) ? groupParam : defaultGrouping(range);
  const compare = get('compare') === 'previous';
  const filters = Object.fromEntries(reportFilters[report].map((key) => [key, get(key)]).filter(([, value]) => value)) as ReportParams['filters'];
  const views = reportViews[report];
  const byParam = get('by');
  const view = views.find((v) => v === byParam) ?? views[0]!;
  const at = report === 'inventory' ? get('at') : undefined;
  const deadDays = report === 'inventory' ? get('deadDays') : undefined;

  const query: AnalyticsParams = { report, from: range.from, to: range.to, groupBy, ...filters };
  if (compare) query.compare = 'previous';
  if (view !== views[0]) query.by = view;
  if (at) query.at = at;
  if (deadDays) query.deadDays = deadDays;
  Object.assign(query, list.query());

  return { report, isReady: timeZone !== undefined, preset, range, groupBy, compare, filters, view, at, deadDays, sort: list.sort, query, set: list.set, setPage: list.setPage, setSort: list.setSort };
}
