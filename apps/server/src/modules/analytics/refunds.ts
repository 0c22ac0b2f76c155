import { sql, type SQL } from 'drizzle-orm';
import { execute } from '../../db/execute.ts';
import { periodKeySql, periodsOf, type DayRange } from './periods.ts';
import { allOf, hourWhere, namesOf, variantsOf, variantWhere } from './queries.ts';
import { column, fillPeriods, numbersOf, percentOf, tableOf, type CardFigure, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { hourSumsByPeriod, periodChart } from './revenue.ts';
import { addSums, hourSums, variantKeys, variantSums, zeroHourSums, zeroVariantSums } from './sales-sums.ts';
import { rangeVariantSums } from './variant-source.ts';

/**
 * Refunds on the day they were made (decision 020): how many, how much, the rate against the
 * sales of the same days, restocked and damaged units; by period, cashier, reason or product.
 */
type RefundSums = { refunds: number | null; refundTotal: number; total: number; refundUnits: number; restockedUnits: number; damagedUnits: number };

function refundOf(s: RefundSums): Row {
  return {
    refunds: s.refunds,
    amount: s.refundTotal,
    refundRate: percentOf(s.refundTotal, s.total),
    units: s.refundUnits,
    restocked: s.restockedUnits,
    damaged: s.damagedUnits,
  };
}

const figures = [
  column('refunds', 'Refunds', 'count'),
  column('amount', 'Amount refunded', 'money'),
  column('refundRate', 'Refund rate', 'percent'),
  column('units', 'Units refunded', 'count'),
  column('restocked', 'Restocked units', 'count'),
  column('damaged', 'Damaged units', 'count'),
];

/** With a product filter only the per-variant summary knows; it keeps no count of refunds. */
const withoutCount = <T extends RefundSums>(s: T): T => ({ ...s, refunds: null });

async function byPeriod(ctx: ReportContext, range: DayRange): Promise<Array<{ period: { key: string; label: string }; sums: RefundSums; row: Row }>> {
  if (!ctx.query.product) return (await hourSumsByPeriod(ctx, range)).map(({ period, sums }) => ({ period, sums, row: { period: period.key, ...refundOf(sums) } }));
  const groupBy = ctx.groupBy === 'hour' ? 'day' : ctx.groupBy;
  const found = await variantSums(ctx.db, variantWhere(range, { outlet: ctx.query.outlet, product: ctx.query.product }), periodKeySql(groupBy, sql`v.day`, null));
  return fillPeriods(periodsOf(range, groupBy), found.map((r) => ({ ...r, period: r.group })), variantKeys).map(({ period, sums }) => ({
    period,
    sums: withoutCount({ ...sums, refunds: null }),
    row: { period: period.key, ...refundOf(withoutCount({ ...sums, refunds: null })) },
  }));
}

/** Whole-range sums: from sales_by_hour, or sales_by_variant with a product filter. */
async function totalsOf(ctx: ReportContext, range: DayRange): Promise<RefundSums> {
  if (!ctx.query.product) return (await hourSums(ctx.db, hourWhere(range, ctx.query), null))[0] ?? zeroHourSums();
  const [s = zeroVariantSums()] = await variantSums(ctx.db, variantWhere(range, { outlet: ctx.query.outlet, product: ctx.query.product }), null);
  return withoutCount({ ...s, refunds: null });
}

/** The refunds made in the range grouped by their reason (the refunds table: refunds are few). */
async function byReason(ctx: ReportContext): Promise<Row[]> {
  const q = ctx.query;
  const parts: SQL[] = [
    sql`r.created_at >= (${ctx.range.from}::date::timestamp at time zone shop_time_zone())`,
    sql`r.created_at < ((${ctx.range.to}::date + 1)::timestamp at time zone shop_time_zone())`,
  ];
  if (q.outlet) parts.push(sql`r.outlet_id = ${q.outlet}`);
  if (q.register) parts.push(sql`r.register_id = ${q.register}`);
  if (q.cashier) parts.push(sql`r.user_id = ${q.cashier}`);
  // A line returned without a receipt keeps its own product.
  if (q.product) {
    parts.push(sql`exists (select 1 from refund_lines x left join order_lines ol on ol.id = x.order_line_id where x.refund_id = r.id and coalesce(ol.product_id, x.product_id) = ${q.product})`);
  }
  const rows = await execute(
    ctx.db,
    sql`select r.reason, count(*)::bigint as "refunds", coalesce(sum(r.total), 0)::bigint as "amount",
          coalesce(sum((select sum(x.quantity) from refund_lines x where x.refund_id = r.id)), 0)::bigint as "units"
        from refunds r where ${allOf(parts)} group by 1`,
  );
  return numbersOf(rows, ['refunds', 'amount', 'units'] as const).map((r) => ({ reason: String(r.reason), refunds: r.refunds, amount: r.amount, units: r.units }));
}

async function rowsOf(ctx: ReportContext): Promise<{ rows: Row[]; totals: Row }> {
  if (ctx.view === 'period') {
    const rows = await byPeriod(ctx, ctx.range);
    const zero = { refundTotal: 0, total: 0, refundUnits: 0, restockedUnits: 0, damagedUnits: 0 };
    const s = addSums(zero, rows.map(({ sums: { refunds: _count, ...money } }) => money));
    const count = ctx.query.product ? null : rows.reduce((n, r) => n + (r.sums.refunds ?? 0), 0);
    return { rows: rows.map((r) => r.row), totals: refundOf({ ...s, refunds: count }) };
  }
  if (ctx.view === 'reason') {
    const rows = await byReason(ctx);
    const sum = (k: string) => rows.reduce((n, r) => n + (r[k] as number), 0);
    return { rows, totals: { refunds: sum('refunds'), amount: sum('amount'), units: sum('units') } };
  }
  if (ctx.view === 'cashier') {
    const found = (await hourSums(ctx.db, hourWhere(ctx.range, ctx.query), sql`h.user_id`)).filter((r) => r.refunds > 0);
    const names = await namesOf(ctx.db, 'users', found.map((r) => Number(r.group)));
    const rows = found.map((r) => ({ cashier: Number(r.group) === 0 ? 'Nobody' : (names.get(Number(r.group)) ?? 'Removed user'), ...refundOf(r) }));
    return { rows, totals: refundOf(addSums(zeroHourSums(), found)) };
  }
  const found = (await rangeVariantSums(ctx, ctx.range, { outlet: ctx.query.outlet, product: ctx.query.product }, sql`v.variant_id`)).filter(
    (r) => r.refundUnits > 0,
  );
  const names = await variantsOf(ctx.db, found.map((r) => Number(r.group)));
  const rows = found.map((r) => {
    const v = names.get(Number(r.group));
    const { refunds: _none, ...rest } = refundOf(withoutCount({ ...r, refunds: null }));
    return { title: v?.title ?? 'Removed item', variant: v?.name ?? '', sku: v?.sku ?? '', ...rest };
  });
  const { refunds: _none, ...totals } = refundOf(withoutCount({ ...addSums(zeroVariantSums(), found), refunds: null }));
  return { rows, totals };
}

function columnsOf(ctx: ReportContext) {
  if (ctx.view === 'reason') return [column('reason', 'Reason', 'text'), column('refunds', 'Refunds', 'count'), column('amount', 'Amount refunded', 'money'), column('units', 'Units refunded', 'count')];
  if (ctx.view === 'product') return [column('title', 'Product', 'text'), column('variant', 'Variant', 'text'), column('sku', 'SKU', 'text'), ...figures.slice(1)];
  return [ctx.view === 'cashier' ? column('cashier', 'Cashier', 'text') : column('period', 'Period', 'text'), ...figures];
}

export const refundsReport: ReportDefinition = {
  async body(ctx) {
    const chart = await periodChart(ctx, 'bar', [{ key: 'amount', label: 'Amount refunded', kind: 'money' }], (range) => byPeriod(ctx, range));
    const notes = [
      'Refunds count on the day they were made, at the outlet and register and under the person who made them. The refund rate is the amount refunded over the sales total of the same days.',
      ...(ctx.query.product ? ['With a product filter the number of refunds is not shown: a refund may hold other products too.'] : []),
      ...(ctx.view === 'cashier' && ctx.query.product ? ['The product filter does not apply to refunds by cashier.'] : []),
    ];
    return {
      columns: columnsOf(ctx),
      defaultSort: ctx.view === 'period' ? 'period' : '-amount',
      chart,
      notes,
      groupBy: ctx.query.product && ctx.groupBy === 'hour' ? 'day' : ctx.groupBy,
    };
  },
  async table(ctx, sort, page) {
    const { rows, totals } = await rowsOf(ctx);
    return tableOf(rows, totals, sort, page);
  },
  async cards(ctx, range) {
    const r = refundOf(await totalsOf(ctx, range));
    const card = (key: string, label: string, kind: CardFigure['kind']): CardFigure => ({ key, label, kind, value: r[key] as number | null });
    return [
      card('refunds', 'Refunds', 'count'),
      card('amount', 'Amount refunded', 'money'),
      card('refundRate', 'Refund rate', 'percent'),
      card('restocked', 'Restocked units', 'count'),
      card('damaged', 'Damaged units', 'count'),
    ];
  },
};
