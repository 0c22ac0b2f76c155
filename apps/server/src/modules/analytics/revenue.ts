import type { ReportChart, ReportGrouping } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { periodKeySql, periodsOf, type DayRange } from './periods.ts';
import { hourWhere } from './queries.ts';
import { column, fillPeriods, once, tableOf, type CardFigure, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { addSums, hourKeys, hourSums, zeroHourSums, type HourSums } from './sales-sums.ts';

/** Revenue (decision 020): gross, discounts, refunds, net sales, charges, taxes, total collected, and by tender. */
const tenders = ['cash', 'card', 'other', 'points', 'storeCredit'] as const;
const tenderLabels = { cash: 'Cash', card: 'Card', other: 'Other', points: 'Points', storeCredit: 'Store credit' };

export const inclusiveTaxNote = 'Gross sales are at shelf prices, inclusive taxes included: gross sales less discounts is more than net sales by the inclusive taxes.';

function tendersOf(ctx: ReportContext): ReadonlyArray<(typeof tenders)[number]> {
  return ctx.query.tender ? [ctx.query.tender] : tenders;
}

function revenueOf(s: HourSums, shown: readonly (typeof tenders)[number][]): Row {
  const row: Row = {
    gross: s.gross,
    discounts: s.lineDiscounts + s.orderDiscounts,
    refunds: s.refundTotal,
    netSales: s.net - s.refundNet,
    charges: s.charges - s.refundCharges,
    taxes: s.tax - s.refundTax,
    totalCollected: s.total - s.refundTotal,
  };
  if (shown.includes('cash')) row.cash = s.cash - s.refundCash;
  if (shown.includes('card')) row.card = s.card - s.refundCard;
  if (shown.includes('other')) row.other = s.other - s.refundOther;
  // Paid with loyalty points: in no drawer, and given back as points by refunds.
  if (shown.includes('points')) row.points = s.points - s.refundPoints;
  // Paid with store credit (decision 023): in no drawer either, and raised again by refunds paid as credit.
  if (shown.includes('storeCredit')) row.storeCredit = s.storeCredit - s.refundStoreCredit;
  return row;
}

/** sales_by_hour summed per period of the range, every period present. */
export function hourSumsByPeriod(ctx: ReportContext, range: DayRange, groupBy: ReportGrouping = ctx.groupBy) {
  return once(ctx, `hour-periods ${range.from} ${range.to} ${groupBy}`, async () => {
    const found = await hourSums(ctx.db, hourWhere(range, ctx.query), periodKeySql(groupBy, sql`h.day`, sql`h.hour`));
    return fillPeriods(periodsOf(range, groupBy), found.map((r) => ({ ...r, period: r.group })), hourKeys);
  });
}

/** A chart of one or more figures per period, beside the previous period's when compared. */
export async function periodChart(
  ctx: ReportContext,
  type: ReportChart['type'],
  series: ReportChart['series'],
  pointsOf: (range: DayRange) => Promise<Array<{ period: { key: string; label: string }; row: Row }>>,
): Promise<ReportChart> {
  const toPoints = (list: Array<{ period: { key: string; label: string }; row: Row }>) =>
    list.map(({ period, row }) => ({ period: period.key, label: period.label, values: Object.fromEntries(series.map((s) => [s.key, (row[s.key] as number | null) ?? null])) }));
  // Both periods at once: PostgreSQL answers them on separate connections.
  const [current, before] = await Promise.all([pointsOf(ctx.range), ctx.previous ? pointsOf(ctx.previous) : null]);
  return { type, series, points: toPoints(current), previous: before ? toPoints(before) : null };
}

async function rowsOf(ctx: ReportContext, range: DayRange) {
  const shown = tendersOf(ctx);
  return (await hourSumsByPeriod(ctx, range)).map(({ period, sums }) => ({ period, sums, row: { period: period.key, ...revenueOf(sums, shown) } }));
}

export const revenueReport: ReportDefinition = {
  async body(ctx) {
    const columns = [
      column('period', 'Period', 'text'),
      column('gross', 'Gross sales', 'money'),
      column('discounts', 'Discounts', 'money'),
      column('refunds', 'Refunds', 'money'),
      column('netSales', 'Net sales', 'money'),
      column('charges', 'Charges', 'money'),
      column('taxes', 'Taxes', 'money'),
      column('totalCollected', 'Total collected', 'money'),
      ...tendersOf(ctx).map((t) => column(t, tenderLabels[t], 'money')),
    ];
    const chart = await periodChart(ctx, 'bar', [{ key: 'netSales', label: 'Net sales', kind: 'money' }], (range) => rowsOf(ctx, range));
    return { columns, defaultSort: 'period', chart, notes: [inclusiveTaxNote, 'Refunds count on the day they were made; cash, card, other, points and store credit are net of the refunds paid back in them. Points and store credit are what the customer’s points and store credit paid.'] };
  },
  async table(ctx, sort, page) {
    const rows = await rowsOf(ctx, ctx.range);
    const totals = revenueOf(addSums(zeroHourSums(), rows.map((r) => r.sums)), tendersOf(ctx));
    return tableOf(rows.map((r) => r.row), totals, sort, page);
  },
  async cards(ctx, range) {
    const [sums = zeroHourSums()] = await hourSums(ctx.db, hourWhere(range, ctx.query), null);
    const r = revenueOf(sums, tendersOf(ctx));
    const money = (key: string, label: string): CardFigure => ({ key, label, kind: 'money', value: r[key] as number });
    return [
      money('netSales', 'Net sales'),
      money('gross', 'Gross sales'),
      money('discounts', 'Discounts'),
      money('refunds', 'Refunds'),
      money('taxes', 'Taxes'),
      money('totalCollected', 'Total collected'),
      ...tendersOf(ctx).map((t) => money(t, tenderLabels[t])),
    ];
  },
};
