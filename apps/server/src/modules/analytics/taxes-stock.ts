import { sql, type SQL } from 'drizzle-orm';
import { execute } from '../../db/execute.ts';
import { periodKeySql, periodsOf, type DayRange } from './periods.ts';
import { stockWhere } from './queries.ts';
import { column, numbersOf, sumOf, tableOf, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { periodChart } from './revenue.ts';
import { sealedThroughOf } from './variant-source.ts';

/** Taxes (per tax, rate and kind, net of refunds) and stock moves (per reason), both from per-day summaries. */
const dayGrouping = (ctx: ReportContext) => (ctx.groupBy === 'hour' ? 'day' : ctx.groupBy);
const byDayNote = (ctx: ReportContext) => (ctx.groupBy === 'hour' ? ['Grouped by day: these figures are kept per day.'] : []);

const taxKeys = ['base', 'amount', 'refundBase', 'refundAmount', 'inclusiveTax', 'exclusiveTax'] as const;

async function taxSums(ctx: ReportContext, range: DayRange, group: 'tax' | 'period' | 'none') {
  const where = sql`t.day between ${range.from}::date and ${range.to}::date${ctx.query.outlet ? sql` and t.outlet_id = ${ctx.query.outlet}` : sql``}`;
  const figures = sql`coalesce(sum(t.base), 0)::bigint as "base", coalesce(sum(t.amount), 0)::bigint as "amount",
    coalesce(sum(t.refund_base), 0)::bigint as "refundBase", coalesce(sum(t.refund_amount), 0)::bigint as "refundAmount",
    coalesce(sum(t.amount - t.refund_amount) filter (where t.is_inclusive), 0)::bigint as "inclusiveTax",
    coalesce(sum(t.amount - t.refund_amount) filter (where not t.is_inclusive), 0)::bigint as "exclusiveTax"`;
  const query =
    group === 'tax'
      ? sql`select t.tax_id, t.rate_e4, t.is_inclusive, t.is_compound, max(t.name) as name, ${figures} from sales_by_tax t where ${where} group by 1, 2, 3, 4`
      : group === 'period'
        ? sql`select ${periodKeySql(dayGrouping(ctx), sql`t.day`, null)} as period, ${figures} from sales_by_tax t where ${where} group by 1`
        : sql`select ${figures} from sales_by_tax t where ${where}`;
  return numbersOf(await execute(ctx.db, query), taxKeys);
}

const taxFigures = (s: Record<(typeof taxKeys)[number], number>): Row => ({
  base: s.base,
  tax: s.amount,
  refundBase: s.refundBase,
  refundTax: s.refundAmount,
  netBase: s.base - s.refundBase,
  netTax: s.amount - s.refundAmount,
});

export const taxesReport: ReportDefinition = {
  async body(ctx) {
    const chart = await periodChart(
      ctx,
      'bar',
      [
        { key: 'inclusiveTax', label: 'Inclusive taxes', kind: 'money' },
        { key: 'exclusiveTax', label: 'Exclusive taxes', kind: 'money' },
      ],
      async (range) => {
        const found = new Map((await taxSums(ctx, range, 'period')).map((r) => [String(r.period), r]));
        return periodsOf(range, dayGrouping(ctx)).map((period) => ({
          period,
          row: { inclusiveTax: found.get(period.key)?.inclusiveTax ?? 0, exclusiveTax: found.get(period.key)?.exclusiveTax ?? 0 },
        }));
      },
    );
    return {
      columns: [
        column('name', 'Tax', 'text'),
        column('rate', 'Rate', 'percent'),
        column('kind', 'Kind', 'text'),
        column('base', 'Taxable base', 'money'),
        column('tax', 'Tax collected', 'money'),
        column('refundBase', 'Refunded base', 'money'),
        column('refundTax', 'Refunded tax', 'money'),
        column('netBase', 'Net taxable base', 'money'),
        column('netTax', 'Net tax', 'money'),
      ],
      defaultSort: 'name',
      chart,
      notes: [
        'Inclusive taxes are inside the shelf price; exclusive taxes were added on top. Refunds are taken off on the day they were made.',
        'A tax whose rate changed shows one row per rate. The rate is in hundredths of a per cent.',
        ...byDayNote(ctx),
      ],
      groupBy: dayGrouping(ctx),
    };
  },
  async table(ctx, sort, page) {
    const found = await taxSums(ctx, ctx.range, 'tax');
    const rows = found.map((r) => ({
      name: String(r.name),
      rate: Number(r.rate_e4) / 100,
      kind: `${r.is_inclusive ? 'Inclusive' : 'Exclusive'}${r.is_compound ? ', compound' : ''}`,
      ...taxFigures(r),
    }));
    return tableOf(rows, taxFigures(sumOf(found, taxKeys)), sort, page);
  },
  async cards(ctx, range) {
    const [s] = await taxSums(ctx, range, 'none');
    const all = s ?? sumOf([], taxKeys);
    return [
      { key: 'netTax', label: 'Tax collected', kind: 'money', value: all.amount - all.refundAmount },
      { key: 'inclusiveTax', label: 'Inclusive taxes', kind: 'money', value: all.inclusiveTax },
      { key: 'exclusiveTax', label: 'Exclusive taxes', kind: 'money', value: all.exclusiveTax },
      { key: 'netBase', label: 'Net taxable base', kind: 'money', value: all.base - all.refundBase },
      { key: 'refundTax', label: 'Tax refunded', kind: 'money', value: all.refundAmount },
    ];
  },
};

export const stockReasons = ['sale', 'refund', 'adjustment', 'received', 'transfer', 'count', 'import', 'initial'] as const;
const reasonLabels: Record<string, string> = {
  sale: 'Sales',
  refund: 'Refunds (restocked)',
  adjustment: 'Adjustments',
  received: 'Goods received',
  transfer: 'Transfers',
  count: 'Stock counts',
  import: 'Imports',
  initial: 'Opening stock',
};
const stockKeys = ['moves', 'unitsIn', 'unitsOut', 'valueIn', 'valueOut'] as const;

/**
 * The range's stock moves as a relation `m` (day, outlet_id, reason and the sums): without a product
 * or category filter, sealed days from stock_moves_by_reason (a row per day, outlet and reason) and
 * only the days after the seal per variant; with one, every day per variant.
 */
async function stockSource(ctx: ReportContext, range: DayRange): Promise<SQL> {
  const sealed = ctx.query.product || ctx.query.category ? null : await sealedThroughOf(ctx);
  if (!sealed || sealed < range.from) return sql`stock_moves_by_day m where ${stockWhere(range, ctx.query)}`;
  const columns = sql`day, outlet_id, reason, moves, units_in, units_out, value_in, value_out`;
  const outlet = ctx.query.outlet ? sql` and outlet_id = ${ctx.query.outlet}` : sql``;
  const lastSealed = sealed < range.to ? sealed : range.to;
  return sql`(select ${columns} from stock_moves_by_reason where day between ${range.from}::date and ${lastSealed}::date${outlet}
    union all select ${columns} from stock_moves_by_day where day > ${lastSealed}::date and day <= ${range.to}::date${outlet}) m where true`;
}

async function stockSums(ctx: ReportContext, range: DayRange, group: 'reason' | 'period-reason' | 'none') {
  const figures = sql`coalesce(sum(m.moves), 0)::bigint as "moves", coalesce(sum(m.units_in), 0)::bigint as "unitsIn",
    coalesce(sum(m.units_out), 0)::bigint as "unitsOut", coalesce(sum(m.value_in), 0)::bigint as "valueIn", coalesce(sum(m.value_out), 0)::bigint as "valueOut"`;
  const source = await stockSource(ctx, range);
  const query =
    group === 'reason'
      ? sql`select m.reason, ${figures} from ${source} group by 1`
      : group === 'period-reason'
        ? sql`select ${periodKeySql(dayGrouping(ctx), sql`m.day`, null)} as period, m.reason, ${figures} from ${source} group by 1, 2`
        : sql`select ${figures} from ${source}`;
  return numbersOf(await execute(ctx.db, query), stockKeys);
}

const stockFigures = (s: Record<(typeof stockKeys)[number], number>): Row => ({
  moves: s.moves,
  unitsIn: s.unitsIn,
  unitsOut: s.unitsOut,
  netUnits: s.unitsIn - s.unitsOut,
  valueIn: s.valueIn,
  valueOut: s.valueOut,
});

export const stockReport: ReportDefinition = {
  async body(ctx) {
    const chart = await periodChart(
      ctx,
      'bar',
      stockReasons.map((r) => ({ key: r, label: reasonLabels[r]!, kind: 'count' as const })),
      async (range) => {
        const found = await stockSums(ctx, range, 'period-reason');
        return periodsOf(range, dayGrouping(ctx)).map((period) => ({
          period,
          row: Object.fromEntries(
            stockReasons.map((reason) => {
              const hit = found.find((f) => f.period === period.key && f.reason === reason);
              return [reason, hit ? hit.unitsIn - hit.unitsOut : 0];
            }),
          ),
        }));
      },
    );
    return {
      columns: [
        column('reason', 'Reason', 'text'),
        column('moves', 'Moves', 'count'),
        column('unitsIn', 'Units in', 'count'),
        column('unitsOut', 'Units out', 'count'),
        column('netUnits', 'Net units', 'count'),
        column('valueIn', 'Value in at cost', 'money'),
        column('valueOut', 'Value out at cost', 'money'),
      ],
      defaultSort: '-moves',
      chart,
      notes: ['Values are at the cost each move recorded in the stock ledger. The chart shows net units per reason.', ...byDayNote(ctx)],
      groupBy: dayGrouping(ctx),
    };
  },
  async table(ctx, sort, page) {
    const found = await stockSums(ctx, ctx.range, 'reason');
    const rows = stockReasons.map((reason) => {
      const hit = found.find((f) => f.reason === reason);
      return { reason: reasonLabels[reason]!, ...stockFigures(hit ?? sumOf([], stockKeys)) };
    });
    return tableOf(rows, stockFigures(sumOf(found, stockKeys)), sort, page);
  },
  async cards(ctx, range) {
    const s = (await stockSums(ctx, range, 'none'))[0] ?? sumOf([], stockKeys);
    return [
      { key: 'unitsIn', label: 'Units in', kind: 'count', value: s.unitsIn },
      { key: 'unitsOut', label: 'Units out', kind: 'count', value: s.unitsOut },
      { key: 'valueIn', label: 'Value in at cost', kind: 'money', value: s.valueIn },
      { key: 'valueOut', label: 'Value out at cost', kind: 'money', value: s.valueOut },
    ];
  },
};
