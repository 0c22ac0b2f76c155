import type { ReportChart, ReportGrouping } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { periodKeySql, periodsOf, type DayRange } from './periods.ts';
import { hourWhere } from './queries.ts';
import { column, fillPeriods, once, tableOf, type CardFigure, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { addSums, hourKeys, hourSums, zeroHourSums, type HourSums } from './sales-sums.ts';

/**
 * Revenue (decision 020): gross, discounts, refunds, net sales, charges, taxes, total collected, by
 * tender, and the gift cards sold apart (money taken that is owed, not revenue, until a card is spent).
 */
const tenders = ['cash', 'card', 'other', 'points', 'storeCredit', 'giftCard'] as const;
const tenderLabels = { cash: 'Cash', card: 'Card', other: 'Other', points: 'Points', storeCredit: 'Store credit', giftCard: 'Gift card' };

export const inclusiveTaxNote = 'Gross sales are at shelf prices, inclusive taxes included: gross sales less discounts is more than net sales by the inclusive taxes.';

const tendersNote =
  'Refunds count on the day they were made; cash, card, other, points, store credit and gift card are net of the refunds paid back in them. Points, store credit and gift card are what the customer’s points, store credit and gift cards paid.';
const giftCardsNote =
  'Gift cards sold are money taken, not revenue: they are owed until a card is spent, and count in revenue (as gift card) when it pays for goods. Cash, card and other include what they took for gift cards, so all the tenders add up to total collected plus gift cards sold.';

function tendersOf(ctx: ReportContext): ReadonlyArray<(typeof tenders)[number]> {
  return ctx.query.tender ? [ctx.query.tender] : tenders;
}

/** Gift cards sold are shown beside all the tenders, not beside one chosen tender: the summaries do not know which tender took them. */
const withCardsSold = (ctx: ReportContext) => !ctx.query.tender;

function revenueOf(s: HourSums, shown: readonly (typeof tenders)[number][], cardsSold = true): Row {
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
  // Paid with gift cards (decision 024): revenue the day a card pays for goods, less what refunds put back onto cards.
  if (shown.includes('giftCard')) row.giftCard = s.giftCard - s.refundGiftCard;
  // Taken in the drawers for gift cards sold: owed, not revenue, so outside every figure above but the drawer tenders.
  if (cardsSold) row.giftCardsSold = s.giftCardsSold;
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
  return (await hourSumsByPeriod(ctx, range)).map(({ period, sums }) => ({ period, sums, row: { period: period.key, ...revenueOf(sums, shown, withCardsSold(ctx)) } }));
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
      ...(withCardsSold(ctx) ? [column('giftCardsSold', 'Gift cards sold', 'money')] : []),
    ];
    const chart = await periodChart(ctx, 'bar', [{ key: 'netSales', label: 'Net sales', kind: 'money' }], (range) => rowsOf(ctx, range));
    return { columns, defaultSort: 'period', chart, notes: [inclusiveTaxNote, tendersNote, giftCardsNote] };
  },
  async table(ctx, sort, page) {
    const rows = await rowsOf(ctx, ctx.range);
    const totals = revenueOf(addSums(zeroHourSums(), rows.map((r) => r.sums)), tendersOf(ctx), withCardsSold(ctx));
    return tableOf(rows.map((r) => r.row), totals, sort, page);
  },
  async cards(ctx, range) {
    const [sums = zeroHourSums()] = await hourSums(ctx.db, hourWhere(range, ctx.query), null);
    const r = revenueOf(sums, tendersOf(ctx), withCardsSold(ctx));
    const money = (key: string, label: string): CardFigure => ({ key, label, kind: 'money', value: r[key] as number });
    return [
      money('netSales', 'Net sales'),
      money('gross', 'Gross sales'),
      money('discounts', 'Discounts'),
      money('refunds', 'Refunds'),
      money('taxes', 'Taxes'),
      money('totalCollected', 'Total collected'),
      ...tendersOf(ctx).map((t) => money(t, tenderLabels[t])),
      ...(withCardsSold(ctx) ? [money('giftCardsSold', 'Gift cards sold')] : []),
    ];
  },
};
