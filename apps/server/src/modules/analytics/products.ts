import { sql } from 'drizzle-orm';
import { periodKeySql, periodsOf, type DayRange } from './periods.ts';
import { hourWhere, namesOf, variantWhere } from './queries.ts';
import { column, fillPeriods, once, pageOf, percentOf, sortOf, tableOf, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { periodChart } from './revenue.ts';
import { addSums, hourKeys, hourSums, variantKeys, variantSums, zeroHourSums, zeroVariantSums, type VariantSums } from './sales-sums.ts';
import { rangeVariantSums } from './variant-source.ts';
import { variantTable } from './variant-table.ts';

/** Products and profits: per variant, period or outlet from the sales summaries (decision 020: net of refunds, "no cost" apart). */
type CostSums = Pick<VariantSums, 'units' | 'refundUnits' | 'net' | 'refundNet' | 'cost' | 'refundCost' | 'costedNet' | 'refundCostedNet' | 'uncostedUnits'>;

const costKeys = ['units', 'refundUnits', 'net', 'refundNet', 'cost', 'refundCost', 'costedNet', 'refundCostedNet', 'uncostedUnits'] as const;
const zeroCostSums = (): CostSums => Object.fromEntries(costKeys.map((k) => [k, 0])) as CostSums;

export const noCostNote = (units: number) =>
  units === 1 ? '1 unit sold had no cost and is left out of profit.' : `${units} units sold had no cost and are left out of profit.`;

/** Net sales, cost of goods, gross profit and margin over the lines that had a cost. */
function profitOf(s: CostSums): Row {
  const costedNet = s.costedNet - s.refundCostedNet;
  const cost = s.cost - s.refundCost;
  const profit = costedNet - cost;
  return { netSales: s.net - s.refundNet, cost, profit, margin: costedNet === 0 ? null : percentOf(profit, costedNet), uncostedUnits: s.uncostedUnits };
}

const profitColumns = [
  column('netSales', 'Net sales', 'money'),
  column('cost', 'Cost of goods', 'money'),
  column('profit', 'Gross profit', 'money'),
  column('margin', 'Margin', 'percent'),
  column('uncostedUnits', 'Units with no cost', 'count'),
];

const variantColumnsShown = [column('title', 'Product', 'text'), column('variant', 'Variant', 'text'), column('sku', 'SKU', 'text')];

const notes = (ctx: ReportContext) => [
  'Net sales are without taxes and charges, less the goods refunded; refunds count on the day they were made.',
  'Margin is gross profit over the net sales of the items that had a cost; items sold with no cost are left out of cost, profit and margin.',
  ...(ctx.groupBy === 'hour' && ctx.view === 'period' && (ctx.query.product || ctx.query.category) ? ['Grouped by day: figures per product are kept per day.'] : []),
];

/**
 * The range's cost figures: per outlet and hour when no product or category narrows them (the
 * same sums, kept per sale rather than per item, so a year is a few thousand rows, not millions).
 */
async function costSumsOf(ctx: ReportContext, range: DayRange): Promise<CostSums> {
  if (!ctx.query.product && !ctx.query.category) {
    const [s = zeroHourSums()] = await hourSums(ctx.db, hourWhere(range, ctx.query), null);
    return s;
  }
  const [s = zeroVariantSums()] = await rangeVariantSums(ctx, range, ctx.query, null);
  return s;
}

async function cardsOf(ctx: ReportContext, range: DayRange, withUnits: boolean) {
  const s = await costSumsOf(ctx, range);
  const p = profitOf(s);
  return [
    ...(withUnits
      ? [
          { key: 'unitsSold', label: 'Units sold', kind: 'count' as const, value: s.units },
          { key: 'unitsRefunded', label: 'Units refunded', kind: 'count' as const, value: s.refundUnits },
        ]
      : []),
    { key: 'netSales', label: 'Net sales', kind: 'money' as const, value: p.netSales as number },
    { key: 'cost', label: 'Cost of goods', kind: 'money' as const, value: p.cost as number },
    { key: 'profit', label: 'Gross profit', kind: 'money' as const, value: p.profit as number },
    { key: 'margin', label: 'Margin', kind: 'percent' as const, value: p.margin as number | null },
    { key: 'uncostedUnits', label: 'Units with no cost', kind: 'count' as const, value: s.uncostedUnits, note: s.uncostedUnits > 0 ? noCostNote(s.uncostedUnits) : null },
  ];
}

const productColumns = [...variantColumnsShown, column('unitsSold', 'Units sold', 'count'), column('unitsRefunded', 'Units refunded', 'count'), ...profitColumns];

export const productsReport: ReportDefinition = {
  async body(ctx) {
    // The page asked for is read with the chart's ten best sellers, in the same statement.
    const { top } = await variantTable(ctx, sortOf(ctx.query.sort, productColumns, '-netSales'), pageOf(ctx.query));
    return {
      columns: productColumns,
      defaultSort: '-netSales',
      chart: {
        type: 'bar',
        series: [{ key: 'netSales', label: 'Net sales', kind: 'money' }],
        points: top.map((row, i) => ({ period: String(i + 1), label: row.variant ? `${row.title} (${row.variant})` : String(row.title), values: { netSales: row.netSales as number } })),
        previous: null,
      },
      notes: notes(ctx),
    };
  },
  table: (ctx, sort, page) => variantTable(ctx, sort, page),
  cards: (ctx, range) => cardsOf(ctx, range, true),
};

/** Profits per period: sales_by_hour (by the hour) unless a product or category filter needs the per-variant summary (by the day). */
function profitsByPeriod(ctx: ReportContext, range: DayRange) {
  return once(ctx, `profit-periods ${range.from} ${range.to}`, () => loadProfitsByPeriod(ctx, range));
}

async function loadProfitsByPeriod(ctx: ReportContext, range: DayRange) {
  const byVariant = Boolean(ctx.query.product || ctx.query.category);
  const groupBy = byVariant && ctx.groupBy === 'hour' ? 'day' : ctx.groupBy;
  const periods = periodsOf(range, groupBy);
  const filled = byVariant
    ? fillPeriods(periods, (await variantSums(ctx.db, variantWhere(range, ctx.query), periodKeySql(groupBy, sql`v.day`, null))).map((r) => ({ ...r, period: r.group })), variantKeys)
    : fillPeriods(
        periods,
        (await hourSums(ctx.db, hourWhere(range, { outlet: ctx.query.outlet }), periodKeySql(groupBy, sql`h.day`, sql`h.hour`))).map((r) => ({ ...r, period: r.group })),
        hourKeys,
      );
  return filled.map(({ period, sums }) => ({ period, sums: sums as CostSums, row: { period: period.key, ...profitOf(sums as CostSums) } }));
}

async function profitRows(ctx: ReportContext): Promise<Array<{ sums: CostSums; row: Row }>> {
  if (ctx.view === 'period') return profitsByPeriod(ctx, ctx.range);
  const found = await rangeVariantSums(ctx, ctx.range, ctx.query, sql`v.outlet_id`, true);
  const names = await namesOf(ctx.db, 'outlets', found.map((r) => Number(r.group)));
  return found.map((s) => ({ sums: s, row: { outlet: names.get(Number(s.group)) ?? 'Removed outlet', ...profitOf(s) } }));
}

export const profitsReport: ReportDefinition = {
  async body(ctx) {
    const first = ctx.view === 'period' ? [column('period', 'Period', 'text')] : ctx.view === 'product' ? variantColumnsShown : [column('outlet', 'Outlet', 'text')];
    const chart = await periodChart(
      ctx,
      'bar',
      [
        { key: 'netSales', label: 'Net sales', kind: 'money' },
        { key: 'profit', label: 'Gross profit', kind: 'money' },
      ],
      (range) => profitsByPeriod(ctx, range),
    );
    const byVariant = Boolean(ctx.query.product || ctx.query.category);
    return { columns: [...first, ...profitColumns], defaultSort: ctx.view === 'period' ? 'period' : '-netSales', chart, notes: notes(ctx), groupBy: byVariant && ctx.groupBy === 'hour' ? 'day' : ctx.groupBy };
  },
  async table(ctx, sort, page) {
    if (ctx.view === 'product') return variantTable(ctx, sort, page);
    const rows = await profitRows(ctx);
    return tableOf(rows.map((r) => r.row), profitOf(addSums(zeroCostSums(), rows.map((r) => r.sums))), sort, page);
  },
  cards: (ctx, range) => cardsOf(ctx, range, false),
};
