import { z } from 'zod';
import { tenders } from './cashbox.ts';
import { dataOf } from './common.ts';
import { dateField, queryId, queryText } from './fields.ts';
import { listQuery, pageMeta } from './pagination.ts';

/**
 * Dashboard and reports (SPEC.md §2 analytics, §7 /api/analytics, /api/analytics/stats,
 * /api/dashboard). Every amount is an integer in minor units, every count a whole number; a
 * percentage is in hundredths of a per cent (2534 = 25.34 %) so it stays an integer too.
 * Dates are the shop's local days (the time zone of the general settings), both ends included.
 */
export const reportNames = ['revenue', 'orders', 'products', 'taxes', 'stock', 'profits', 'refunds', 'inventory'] as const;
export type ReportName = (typeof reportNames)[number];

export const reportTitles: Record<ReportName, string> = {
  revenue: 'Revenue',
  orders: 'Orders',
  products: 'Products',
  taxes: 'Taxes',
  stock: 'Stock',
  profits: 'Profits',
  refunds: 'Refunds',
  inventory: 'Inventory',
};

export const reportGroupings = ['hour', 'day', 'week', 'month'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/**
 * What a report's table has a row for: its periods (the default), or one of the breakdowns the
 * report offers (`reportViews`); a view the report does not offer is a 422 on `by`.
 */
export const reportViewKeys = ['period', 'cashier', 'register', 'outlet', 'product', 'reason', 'tax'] as const;
export type ReportViewKey = (typeof reportViewKeys)[number];

export const reportViews: Record<ReportName, readonly ReportViewKey[]> = {
  revenue: ['period'],
  orders: ['period', 'cashier', 'register'],
  products: ['product'],
  taxes: ['tax'],
  stock: ['reason'],
  profits: ['period', 'product', 'outlet'],
  refunds: ['period', 'cashier', 'reason', 'product'],
  inventory: ['product'],
};

export const reportViewMessage = (report: ReportName) =>
  `The ${reportTitles[report].toLowerCase()} report shows rows by ${reportViews[report].join(', ')}.`;

export const reportFilterKeys = ['outlet', 'register', 'cashier', 'category', 'product', 'tender'] as const;
export type ReportFilterKey = (typeof reportFilterKeys)[number];

/** The filters that fit each report (a filter the report does not offer is ignored, never an error). */
export const reportFilters: Record<ReportName, readonly ReportFilterKey[]> = {
  revenue: ['outlet', 'register', 'cashier', 'tender'],
  orders: ['outlet', 'register', 'cashier'],
  products: ['outlet', 'category', 'product'],
  taxes: ['outlet'],
  stock: ['outlet', 'category', 'product'],
  profits: ['outlet', 'category', 'product'],
  refunds: ['outlet', 'register', 'cashier', 'product'],
  inventory: ['outlet', 'category', 'product'],
};

/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366 * 3;

export const reportRangeMessages = {
  order: 'The end date must be on or after the start date.',
  tooLong: 'A report covers at most 3 years: choose a shorter range.',
  hourly: 'Group by hour covers at most 31 days.',
} as const;

/** The longest range grouped by hour. */
export const MAX_HOURLY_DAYS = 31;

/** Days from `from` to `to`, both included (calendar days, no time zone involved). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** What GET /api/analytics and GET /api/analytics/stats are asked: the report, its range, filters and grouping. */
const analyticsFields = listQuery
  .omit({ search: true })
  .extend({
    report: z.enum(reportNames, { error: `The report must be one of: ${reportNames.join(', ')}.` }),
    from: dateField('start date'),
    to: dateField('end date'),
    groupBy: z.enum(reportGroupings, { error: 'Group by hour, day, week or month.' }).default('day'),
    outlet: queryId('outlet').optional(),
    register: queryId('register').optional(),
    cashier: queryId('cashier').optional(),
    category: queryId('category').optional(),
    product: queryId('product').optional(),
    tender: z.enum(tenders, { error: 'The tender must be cash, card or other.' }).optional(),
    /** The table's rows: by period (default) or a breakdown the report offers (reportViews). */
    by: z.enum(reportViewKeys, { error: `Show rows by ${reportViewKeys.join(', ')}.` }).optional(),
    compare: z.enum(['previous'], { error: 'Compare with the previous period, or leave it out.' }).optional(),
    /** Inventory: stock on hand at the end of this day instead of now. */
    at: dateField('stock date').optional(),
    /** Inventory: "dead stock" is no sale in this many days (default 90). */
    deadDays: queryText('days without a sale', 4)
      .regex(/^[0-9]{1,4}$/, 'The days without a sale must be a whole number.')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 3650, 'The days without a sale must be between 1 and 3650.')
      .optional(),
    format: z.enum(['json', 'csv'], { error: 'The format must be json or csv.' }).optional(),
  });

type AnalyticsChecked = Pick<z.output<typeof analyticsFields>, 'report' | 'from' | 'to' | 'groupBy' | 'by'>;

function checkRangeAndView(q: AnalyticsChecked, ctx: z.RefinementCtx) {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: reportRangeMessages.order });
    else if (daysInRange(q.from, q.to) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: reportRangeMessages.tooLong });
    else if (q.groupBy === 'hour' && daysInRange(q.from, q.to) > MAX_HOURLY_DAYS) ctx.addIssue({ code: 'custom', path: ['groupBy'], message: reportRangeMessages.hourly });
    if (q.by && !reportViews[q.report].includes(q.by)) ctx.addIssue({ code: 'custom', path: ['by'], message: reportViewMessage(q.report) });
}

/** GET /api/analytics: the report's chart and its table, paged and sorted (or all of it with format=csv). */
export const analyticsQuery = analyticsFields.superRefine(checkRangeAndView);
export type AnalyticsQuery = z.output<typeof analyticsQuery>;

/** GET /api/analytics/stats: the same report without a table, so without its paging, order or format. */
export const analyticsStatsQuery = analyticsFields.omit({ page: true, perPage: true, sort: true, format: true }).superRefine(checkRangeAndView);
export type AnalyticsStatsQuery = z.output<typeof analyticsStatsQuery>;

/**
 * How a figure is shown: money with the shop's formatter, a count, a percentage (hundredths), a
 * decimal in hundredths shown with 2 decimals (items per order: 235 = 2.35), text, a date.
 */
export const figureKinds = ['money', 'count', 'percent', 'decimal2', 'text', 'date'] as const;
export type FigureKind = (typeof figureKinds)[number];

const figure = z.union([z.number(), z.string(), z.null()]);

export const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(figureKinds),
  sortable: z.boolean(),
});
export type ReportColumn = z.infer<typeof reportColumn>;

/** A headline figure, beside the same figure of the compared period (null: no comparison, or no figure). */
export const statCard = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(figureKinds),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** Change against `previous` in hundredths of a per cent; null when there is nothing to compare with. */
  change: z.number().int().nullable(),
  /** A short note under the figure ("3 products have no cost"). */
  note: z.string().nullable().optional(),
});
export type StatCard = z.infer<typeof statCard>;

/** One point of the chart: its period ("2026-11-25", "2026-11-25 14:00", "2026-W48", "2026-11"), and a value per series. */
export const chartPoint = z.object({ period: z.string(), label: z.string(), values: z.record(z.string(), z.number().nullable()) });
export type ChartPoint = z.infer<typeof chartPoint>;

export const reportChart = z.object({
  type: z.enum(['bar', 'line', 'heatmap']),
  series: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(figureKinds) })),
  points: z.array(chartPoint),
  /** The previous period's points, aligned by position with `points` (only with compare=previous). */
  previous: z.array(chartPoint).nullable(),
});
export type ReportChart = z.infer<typeof reportChart>;

export const analyticsReport = z.object({
  report: z.enum(reportNames),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(reportGroupings),
  /** The compared period, when asked for. */
  previous: z.object({ from: z.string(), to: z.string() }).nullable(),
  chart: reportChart,
  columns: z.array(reportColumn),
  rows: z.array(z.record(z.string(), figure)),
  /** The whole table's totals (not only the page's), by column key; text columns are left out. */
  totals: z.record(z.string(), figure),
  /** Things a reader must know ("Gross sales are at shelf prices, inclusive taxes included."). */
  notes: z.array(z.string()),
  meta: pageMeta,
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;
export const analyticsReportResult = dataOf(analyticsReport);

export const analyticsStats = z.object({
  report: z.enum(reportNames),
  from: z.string(),
  to: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }).nullable(),
  cards: z.array(statCard),
});
export type AnalyticsStats = z.infer<typeof analyticsStats>;
export const analyticsStatsResult = dataOf(analyticsStats);

export const dashboardQuery = z.object({ outlet: queryId('outlet').optional() });

export const dashboard = z.object({
  /** Today in the shop's time zone, and the same weekday last week it is compared with. */
  date: z.string(),
  comparedWith: z.string(),
  outletId: z.number().int().nullable(),
  /** Net sales, orders, average basket, items per basket, refunds, gross profit. */
  cards: z.array(statCard),
  /** Net sales per hour of today (0–23) beside the same hours of `comparedWith`. */
  hourly: z.array(z.object({ hour: z.number().int(), today: z.number().int(), compared: z.number().int() })),
  topProducts: z.array(
    z.object({ productId: z.number().int().nullable(), title: z.string(), units: z.number().int(), netSales: z.number().int() }),
  ),
  topCategories: z.array(
    z.object({ categoryId: z.number().int().nullable(), name: z.string(), units: z.number().int(), netSales: z.number().int() }),
  ),
  lowStock: z.array(
    z.object({
      productId: z.number().int(),
      variantId: z.number().int(),
      title: z.string(),
      variantName: z.string(),
      sku: z.string(),
      outletName: z.string(),
      quantity: z.number().int(),
      threshold: z.number().int(),
    }),
  ),
  openDrawers: z.array(
    z.object({
      sessionId: z.number().int(),
      registerName: z.string(),
      outletName: z.string(),
      cashierName: z.string().nullable(),
      openedAt: z.string(),
      expectedCash: z.number().int(),
    }),
  ),
  lastOrders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      createdAt: z.string(),
      total: z.number().int(),
      status: z.string(),
      customerName: z.string().nullable(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResult = dataOf(dashboard);
