import type { AnalyticsReport, AnalyticsStats, Product } from '@tillbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const analyticsKeys = queryKeys.analytics;

/** GET /api/analytics's query as the address builds it (report, from, to, groupBy, filters, compare, page, perPage, sort). */
export type AnalyticsParams = Record<string, string | number>;

/** The headline figures take the report's query without its table's paging and order. */
function statsParamsOf({ page: _page, perPage: _perPage, sort: _sort, ...params }: AnalyticsParams): AnalyticsParams {
  return params;
}

/** The report: its chart, its table's page, totals and notes; the last one stays on screen while the next loads. */
export function useAnalyticsReport(params: AnalyticsParams, enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.list(params),
    queryFn: async () => (await http.get<{ data: AnalyticsReport }>('/api/analytics', { params })).data.data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The report's headline figures (GET /api/analytics/stats, the same query). */
export function useAnalyticsStats(params: AnalyticsParams, enabled = true) {
  const statsParams = statsParamsOf(params);
  return useQuery({
    queryKey: analyticsKeys.stats(statsParams),
    queryFn: async () => (await http.get<{ data: AnalyticsStats }>('/api/analytics/stats', { params: statsParams })).data.data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The CSV of the report as shown (its range, filters, grouping, comparison and sort), every row: a plain download link. */
export function analyticsCsvUrl(params: AnalyticsParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (key !== 'page' && key !== 'perPage') query.set(key, String(value));
  query.set('format', 'csv');
  return `/api/analytics?${query.toString()}`;
}

/** The title of the product a report is filtered by (the address holds its id only). */
export function useProductTitle(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.products.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Product }>(`/api/products/${id}/edit`)).data.data,
    enabled: id !== undefined,
    select: (product) => product.title,
  });
}
