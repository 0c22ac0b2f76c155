import { sql } from 'drizzle-orm';
import { execute } from '../../db/execute.ts';
import type { DayRange } from './periods.ts';
import { hourWhere, namesOf } from './queries.ts';
import { column, divideRounded, tableOf, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { hourSumsByPeriod } from './revenue.ts';
import { addSums, hourSums, zeroHourSums, type HourSums } from './sales-sums.ts';

/** Orders: how many, their average value and items per order; by period, cashier or register; a heat map of hour × weekday. */
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function ordersOf(s: HourSums): Row {
  return {
    orders: s.orders,
    units: s.units,
    sales: s.total,
    averageOrder: divideRounded(s.total, s.orders),
    itemsPerOrder: divideRounded(s.units * 100, s.orders),
  };
}

const figures = [
  column('orders', 'Orders', 'count'),
  column('units', 'Items sold', 'count'),
  column('sales', 'Sales total', 'money'),
  column('averageOrder', 'Average order value', 'money'),
  column('itemsPerOrder', 'Items per order', 'decimal2'),
];

async function rowsOf(ctx: ReportContext): Promise<Array<{ sums: HourSums; row: Row }>> {
  if (ctx.view === 'period') {
    return (await hourSumsByPeriod(ctx, ctx.range)).map(({ period, sums }) => ({ sums, row: { period: period.key, ...ordersOf(sums) } }));
  }
  const idColumn = ctx.view === 'cashier' ? sql`h.user_id` : sql`h.register_id`;
  const found = await hourSums(ctx.db, hourWhere(ctx.range, ctx.query), idColumn);
  const names = await namesOf(ctx.db, ctx.view === 'cashier' ? 'users' : 'registers', found.map((r) => Number(r.group)));
  const none = ctx.view === 'cashier' ? 'Nobody' : 'No register';
  return found
    .filter((r) => r.orders > 0)
    .map((r) => {
      const id = Number(r.group);
      return { sums: r, row: { [ctx.view]: id === 0 ? none : (names.get(id) ?? `Removed ${ctx.view}`), ...ordersOf(r) } };
    });
}

const hours = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
/** The heat map's columns: one series per local hour of the day. */
const hourSeries = hours.map((hour) => ({ key: `h${hour}`, label: `${hour}:00`, kind: 'count' as const }));

/** Orders per weekday (a point each, Monday first) × local hour of the day (a series each). */
async function heatmap(ctx: ReportContext, range: DayRange) {
  // Only the orders are summed: a year is some 60,000 rows of sales_by_hour at 10 million lines.
  const found = await execute<{ cell: number; orders: string }>(
    ctx.db,
    sql`select (extract(isodow from h.day)::int - 1) * 24 + h.hour as cell, sum(h.orders)::bigint as orders from sales_by_hour h where ${hourWhere(range, ctx.query)} group by 1`,
  );
  const byCell = new Map(found.map((r) => [Number(r.cell), Number(r.orders)]));
  return weekdays.map((day, index) => ({
    period: day,
    label: day,
    values: Object.fromEntries(hours.map((hour, h) => [`h${hour}`, byCell.get(index * 24 + h) ?? 0])),
  }));
}

export const ordersReport: ReportDefinition = {
  async body(ctx) {
    const first = ctx.view === 'period' ? column('period', 'Period', 'text') : column(ctx.view, ctx.view === 'cashier' ? 'Cashier' : 'Register', 'text');
    // The table's periods are read beside the heat maps (PostgreSQL answers them on separate connections).
    if (ctx.view === 'period') void hourSumsByPeriod(ctx, ctx.range).catch(() => undefined);
    const [points, previous] = await Promise.all([heatmap(ctx, ctx.range), ctx.previous ? heatmap(ctx, ctx.previous) : null]);
    return {
      columns: [first, ...figures],
      defaultSort: ctx.view === 'period' ? 'period' : '-orders',
      chart: {
        type: 'heatmap',
        series: hourSeries,
        points,
        previous,
      },
      notes: ['Average order value is the sales total over the number of orders; items per order are shown with two decimals. Refunds do not change them.'],
    };
  },
  async table(ctx, sort, page) {
    const rows = await rowsOf(ctx);
    return tableOf(rows.map((r) => r.row), ordersOf(addSums(zeroHourSums(), rows.map((r) => r.sums))), sort, page);
  },
  async cards(ctx, range) {
    const [s = zeroHourSums()] = await hourSums(ctx.db, hourWhere(range, ctx.query), null);
    const r = ordersOf(s);
    return [
      { key: 'orders', label: 'Orders', kind: 'count', value: r.orders as number },
      { key: 'averageOrder', label: 'Average order value', kind: 'money', value: r.averageOrder as number | null },
      { key: 'itemsPerOrder', label: 'Items per order', kind: 'decimal2', value: r.itemsPerOrder as number | null },
      { key: 'units', label: 'Items sold', kind: 'count', value: r.units as number },
    ];
  },
};
