import {
  formatMinorAsDecimal,
  fractionDigitsOf,
  pageMetaOf,
  reportFilters,
  reportTitles,
  reportViews,
  type AnalyticsQuery,
  type AnalyticsStatsQuery,
  type AnalyticsReport,
  type AnalyticsStats,
  type ReportColumn,
  type ReportName,
} from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { csvCell, csvLine } from '../../lib/csv-write.ts';
import { getShopSettings } from '../settings/service.ts';
import { inventoryReport } from './inventory.ts';
import { ordersReport } from './orders.ts';
import { previousRange } from './periods.ts';
import { productsReport, profitsReport } from './products.ts';
import { refundsReport } from './refunds.ts';
import { changeOf, pageOf, sortOf, type Figure, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { revenueReport } from './revenue.ts';
import { stockReport, taxesReport } from './taxes-stock.ts';

/** GET /api/analytics and /api/analytics/stats: one of the eight reports, its table, chart and headline cards. */
const reports: Record<ReportName, ReportDefinition> = {
  revenue: revenueReport,
  orders: ordersReport,
  products: productsReport,
  taxes: taxesReport,
  stock: stockReport,
  profits: profitsReport,
  refunds: refundsReport,
  inventory: inventoryReport,
};

/** The query with only the filters its report offers (the others are ignored, never an error). */
function contextOf(db: DbOrTx, query: AnalyticsQuery): ReportContext {
  const offered = reportFilters[query.report];
  const filtered = { ...query };
  for (const key of ['outlet', 'register', 'cashier', 'category', 'product', 'tender'] as const) if (!offered.includes(key)) delete filtered[key];
  const range = { from: query.from, to: query.to };
  const comparable = reports[query.report].comparable !== false;
  return {
    db,
    query: filtered,
    range,
    previous: query.compare === 'previous' && comparable ? previousRange(range) : null,
    groupBy: query.groupBy,
    view: query.by ?? reportViews[query.report][0]!,
  };
}

export async function analyticsReport(db: DbOrTx, query: AnalyticsQuery): Promise<AnalyticsReport> {
  const ctx = contextOf(db, query);
  const report = reports[query.report];
  const body = await report.body(ctx);
  const sort = sortOf(query.sort, body.columns, body.defaultSort);
  const table = await report.table(ctx, sort, pageOf(query));
  return {
    report: query.report,
    title: reportTitles[query.report],
    from: query.from,
    to: query.to,
    groupBy: body.groupBy ?? ctx.groupBy,
    previous: ctx.previous,
    chart: body.chart,
    columns: body.columns,
    rows: table.rows,
    totals: table.totals,
    notes: body.notes,
    meta: pageMetaOf(query.page, query.perPage, table.total),
  };
}

export async function analyticsStats(db: DbOrTx, query: AnalyticsStatsQuery): Promise<AnalyticsStats> {
  // The cards read no table: its paging is only there to make a whole report context.
  const ctx = contextOf(db, { ...query, page: 1, perPage: 25 });
  const report = reports[query.report];
  const [cards, previous] = await Promise.all([report.cards(ctx, ctx.range), ctx.previous ? report.cards(ctx, ctx.previous) : null]);
  return {
    report: query.report,
    from: query.from,
    to: query.to,
    previous: ctx.previous,
    cards: cards.map((card) => {
      const before = previous?.find((p) => p.key === card.key)?.value ?? null;
      return { ...card, note: card.note ?? null, previous: previous ? before : null, change: previous ? changeOf(card.value, before) : null };
    }),
  };
}

/** revenue-2026-11-01-2026-11-30.csv */
export function analyticsCsvFileName(query: AnalyticsQuery): string {
  return `${query.report}-${query.from}-${query.to}.csv`;
}

function cellOf(column: ReportColumn, value: Figure | undefined, fractionDigits: number): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (column.kind === 'money') return formatMinorAsDecimal(value, fractionDigits);
  if (column.kind === 'percent' || column.kind === 'decimal2') return Number.isInteger(value) ? formatMinorAsDecimal(value, 2) : String(value / 100);
  return value;
}

/**
 * The report's table as CSV: exactly its columns with their labels as the header, every row (not
 * only the page) in the table's order, money as decimals of the shop's currency, percentages and
 * decimals with two decimals. The whole table is read before the first byte, so bad input is a 422.
 */
export async function* analyticsCsv(db: DbOrTx, query: AnalyticsQuery): AsyncGenerator<string> {
  const ctx = contextOf(db, query);
  const report = reports[query.report];
  const body = await report.body(ctx);
  const sort = sortOf(query.sort, body.columns, body.defaultSort);
  const [table, settings] = await Promise.all([report.table(ctx, sort, null), getShopSettings(db)]);
  const digits = fractionDigitsOf(settings.currency);
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  // Figures are written as numbers (a refund day's −25.00 stays a number); only text cells are defused as formulas.
  const line = (row: Row) => `${body.columns.map((c) => csvCell(cellOf(c, row[c.key], digits), c.kind === 'text')).join(',')}\r\n`;
  yield `\uFEFF${csvLine(body.columns.map((c) => c.label))}${table.rows.map(line).join('')}`;
}
