import type { AnalyticsReport, AnalyticsStats, ReportName } from '@tillbook/contract';
import { reportTitles } from '@tillbook/contract';

/** A revenue report of three days as the server answers it. */
export function revenueReport(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    report: 'revenue',
    title: reportTitles.revenue,
    from: '2026-11-18',
    to: '2026-11-24',
    groupBy: 'day',
    previous: null,
    chart: {
      type: 'bar',
      series: [{ key: 'netSales', label: 'Net sales', kind: 'money' }],
      points: [
        { period: '2026-11-23', label: 'Nov 23', values: { netSales: 120_000 } },
        { period: '2026-11-24', label: 'Nov 24', values: { netSales: 98_050 } },
      ],
      previous: null,
    },
    columns: [
      { key: 'period', label: 'Day', kind: 'text', sortable: true },
      { key: 'orders', label: 'Orders', kind: 'count', sortable: true },
      { key: 'netSales', label: 'Net sales', kind: 'money', sortable: true },
      { key: 'margin', label: 'Margin', kind: 'percent', sortable: false },
    ],
    rows: [
      { period: 'Nov 23, 2026', orders: 1204, netSales: 120_000, margin: 2534 },
      { period: 'Nov 24, 2026', orders: 980, netSales: 98_050, margin: null },
    ],
    totals: { orders: 2184, netSales: 218_050, margin: 2500 },
    notes: ['Refunds count on the day they happen.'],
    meta: { page: 1, perPage: 25, total: 2, lastPage: 1 },
    ...overrides,
  };
}

/** Another report's answer: its own title, columns and chart. */
export function reportOf(report: ReportName): AnalyticsReport {
  return { ...revenueReport(), report, title: reportTitles[report] };
}

export function revenueStats(overrides: Partial<AnalyticsStats> = {}): AnalyticsStats {
  return {
    report: 'revenue',
    from: '2026-11-18',
    to: '2026-11-24',
    previous: null,
    cards: [
      { key: 'netSales', label: 'Net sales', kind: 'money', value: 218_050, previous: 200_000, change: 903, note: null },
      { key: 'refunds', label: 'Refunds', kind: 'money', value: 1_500, previous: 3_000, change: -5000, note: null },
    ],
    ...overrides,
  };
}

/** The orders report's heat map: weekdays × hours. */
export const heatmapReport: AnalyticsReport = {
  ...revenueReport(),
  report: 'orders',
  title: reportTitles.orders,
  chart: {
    type: 'heatmap',
    series: [
      { key: '9', label: '09', kind: 'count' },
      { key: '10', label: '10', kind: 'count' },
    ],
    points: [
      { period: '1', label: 'Mon', values: { '9': 12, '10': 1450 } },
      { period: '2', label: 'Tue', values: { '9': 0, '10': 3 } },
    ],
    previous: null,
  },
};
