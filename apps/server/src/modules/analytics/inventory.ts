import { sql, type SQL } from 'drizzle-orm';
import { execute } from '../../db/execute.ts';
import { getShopSettings } from '../settings/service.ts';
import { addDays } from './periods.ts';
import { allOf, shopClock, variantIdFilters } from './queries.ts';
import { column, numbersOf, once, pageOf, sortOf, type CardFigure, type ReportContext, type ReportDefinition, type Row } from './report-kit.ts';
import { variantSource } from './variant-source.ts';

/**
 * Inventory: the stock of each variant now (stock_levels, summed over the outlets without an
 * outlet filter) or at the end of a past day (now less the ledger's moves after it,
 * stock_moves_by_day), its value at cost and at retail, low and out of stock, days of cover from
 * the last 30 days' sales and dead stock (no sale in `deadDays`). Current state, so it pages in SQL.
 */
const DEFAULT_DEAD_DAYS = 90;
const COVER_DAYS = 30;

function inventorySql(ctx: ReportContext): Promise<SQL> {
  return once(ctx, 'inventory-sql', () => buildInventorySql(ctx));
}

async function buildInventorySql(ctx: ReportContext): Promise<SQL> {
  const q = ctx.query;
  const [settings, { today, zone }] = await Promise.all([getShopSettings(ctx.db), shopClock(ctx.db)]);
  const deadDays = q.deadDays ?? DEFAULT_DEAD_DAYS;
  // Dead: no sale since the start of the local day `deadDays` ago (an instant, compared once per level, not a day per level).
  const deadSince = sql`((${today}::date - ${deadDays - 1}::int)::timestamp at time zone ${zone}::text)`;
  const levelWhere = allOf([sql`true`, ...variantIdFilters(q, sql`sl.variant_id`), ...(q.outlet ? [sql`sl.outlet_id = ${q.outlet}`] : [])]);
  const moved = q.at
    ? sql`select m.variant_id, sum(m.units_in - m.units_out) as moved from stock_moves_by_day m where m.day > ${q.at}::date${q.outlet ? sql` and m.outlet_id = ${q.outlet}` : sql``} group by 1`
    : sql`select 0 as variant_id, 0 as moved where false`;
  const onHand = sql`(lv.now_qty - coalesce(moved.moved, 0))`;
  // The last sale is kept on each stock level as sales happen (move_stock), not looked for in the sales.
  return sql`with lv as (
      select sl.variant_id, sum(sl.quantity) as now_qty, sum(coalesce(sl.low_stock_threshold, ${settings.defaultLowStockThreshold})) as threshold,
        max(sl.last_sold_at) as last_sold_at
      from stock_levels sl where ${levelWhere} group by 1
    ), moved as (${moved}
    ), t as (
      select pv.id as "variantId", p.title as "title", pv.name as "variant", pv.sku as "sku",
        lv.now_qty::bigint as "onHandNow", ${onHand}::bigint as "onHand",
        (${onHand} * pv.cost)::bigint as "valueAtCost", (${onHand} * pv.price)::bigint as "valueAtRetail",
        lv.threshold::bigint as "threshold",
        case when ${onHand} <= 0 then 'Out of stock' when ${onHand} <= lv.threshold then 'Low' else 'In stock' end as "status",
        lv.last_sold_at as "lastSoldAt",
        case when (lv.last_sold_at is null or lv.last_sold_at < ${deadSince}) and ${onHand} > 0 then 'Dead stock' else '' end as "deadStock"
      from lv join product_variants pv on pv.id = lv.variant_id join products p on p.id = pv.product_id
      left join moved on moved.variant_id = lv.variant_id
      where p.track_stock
    )`;
}

/** Days of cover of a row `t`: on hand over the average daily units sold (net of refunds) in `sold.units`. */
const coverSql = sql`case when coalesce(sold.units, 0) > 0 then greatest(round(t."onHand" * ${sql.raw(String(COVER_DAYS * 100))}.0 / sold.units), 0)::bigint end as "daysOfCover"`;

const totalKeys = ['rows', 'onHandNow', 'onHand', 'valueAtCost', 'valueAtRetail', 'low', 'out', 'dead'] as const;
type Totals = Record<(typeof totalKeys)[number], number>;

/** The totals over every row of `t`, as one JSON object. */
const totalsSql = sql`select json_build_object('rows', count(*), 'onHandNow', coalesce(sum("onHandNow"), 0), 'onHand', coalesce(sum("onHand"), 0),
  'valueAtCost', coalesce(sum("valueAtCost"), 0), 'valueAtRetail', coalesce(sum("valueAtRetail"), 0),
  'low', count(*) filter (where "status" = 'Low'), 'out', count(*) filter (where "status" = 'Out of stock'),
  'dead', count(*) filter (where "deadStock" <> '')) from t`;

const totalsOfJson = (json: Record<string, unknown> | null | undefined): Totals => numbersOf([json ?? {}], totalKeys)[0]!;

/**
 * The page of the inventory table and the totals, in one statement over one reading of the levels:
 * the last 30 days' units are summed for the page's variants only, or, to sort by days of cover,
 * for every variant from the 30-day window or the sealed periods and days.
 */
async function pageSql(ctx: ReportContext, base: SQL, sort: { key: string; descending: boolean }, page: { limit: number; offset: number } | null): Promise<SQL> {
  const { today, zone } = await shopClock(ctx.db);
  const cover = { from: addDays(today, 1 - COVER_DAYS), to: today };
  // The last sale is kept as an instant and shown as the shop's day for the page's rows only (a time
  // zone conversion per level costs more than the rest of the row).
  const key = sort.key === 'lastSale' ? 'lastSoldAt' : sort.key;
  const ordering = sql`${sql.raw(`"${key}"`)} ${sql.raw(sort.descending ? 'desc nulls last' : 'asc nulls last')}, "variantId"`;
  const lastSale = sql`to_char(t."lastSoldAt" at time zone ${zone}::text, 'YYYY-MM-DD') as "lastSale"`;
  const limit = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  let shown: SQL;
  if (sort.key === 'daysOfCover') {
    const source = await variantSource(ctx, cover, { outlet: ctx.query.outlet });
    shown = sql`select * from (select t.*, ${coverSql}, ${lastSale} from t left join (select v.variant_id, sum(v.units - v.refund_units) as units from ${source.from}
        where ${source.where} group by 1) sold on sold.variant_id = t."variantId") c order by ${ordering}${limit}`;
  } else {
    const outlet = ctx.query.outlet ? sql` and v.outlet_id = ${ctx.query.outlet}` : sql``;
    shown = sql`select t.*, ${coverSql}, ${lastSale} from (select * from t order by ${ordering}${limit}) t
      left join lateral (select sum(v.units - v.refund_units) as units from sales_by_variant v
        where v.variant_id = t."variantId" and v.day between ${cover.from}::date and ${cover.to}::date${outlet}) sold on true`;
  }
  return sql`${base}, shown as (select row_number() over (order by ${ordering}) as position, s.* from (${shown}) s)
    select (select json_agg(x order by x.position) from shown x) as rows, (${totalsSql}) as totals`;
}

const numberKeys = ['onHandNow', 'onHand', 'valueAtCost', 'valueAtRetail', 'threshold', 'daysOfCover'] as const;

/** The totals alone (the headline cards). */
function totalsOf(ctx: ReportContext): Promise<Totals> {
  return once(ctx, 'inventory-totals', async () => {
    const [row] = await execute<{ totals: Record<string, unknown> }>(ctx.db, sql`${await inventorySql(ctx)} select (${totalsSql}) as totals`);
    return totalsOfJson(row?.totals);
  });
}

/** The page's rows with the totals, read once per request (the body shows the totals, the table the rows). */
function pageRows(ctx: ReportContext, sort: { key: string; descending: boolean }, page: { limit: number; offset: number } | null) {
  return once(ctx, `inventory-page ${sort.descending ? '-' : ''}${sort.key} ${page ? `${page.limit} ${page.offset}` : 'all'}`, async () => {
    const [row] = await execute<{ rows: Array<Record<string, unknown>> | null; totals: Record<string, unknown> }>(ctx.db, await pageSql(ctx, await inventorySql(ctx), sort, page));
    return { rows: (row?.rows ?? []).map(({ position: _p, ...r }) => r), totals: totalsOfJson(row?.totals) };
  });
}

function columnsOf(at: string | undefined) {
  return [
    column('title', 'Product', 'text'),
    column('variant', 'Variant', 'text'),
    column('sku', 'SKU', 'text'),
    ...(at ? [column('onHandNow', 'On hand now', 'count')] : []),
    column('onHand', at ? `On hand at ${at}` : 'On hand', 'count'),
    column('valueAtCost', 'Value at cost', 'money'),
    column('valueAtRetail', 'Value at retail', 'money'),
    column('threshold', 'Low at', 'count'),
    column('status', 'Status', 'text'),
    column('daysOfCover', 'Days of cover', 'decimal2'),
    column('lastSale', 'Last sale', 'date'),
    column('deadStock', 'Dead stock', 'text'),
  ];
}

export const inventoryReport: ReportDefinition = {
  comparable: false,
  async body(ctx) {
    const at = ctx.query.at;
    const columns = columnsOf(at);
    // The page asked for and the totals are one statement; the table takes its rows.
    const { totals: t } = await pageRows(ctx, sortOf(ctx.query.sort, columns, 'title'), pageOf(ctx.query));
    return {
      columns,
      defaultSort: 'title',
      chart: {
        type: 'bar',
        series: [{ key: 'items', label: 'Items', kind: 'count' }],
        points: [
          { period: 'in', label: 'In stock', values: { items: t.rows - t.low - t.out } },
          { period: 'low', label: 'Low', values: { items: t.low } },
          { period: 'out', label: 'Out of stock', values: { items: t.out } },
          { period: 'dead', label: 'Dead stock', values: { items: t.dead } },
        ],
        previous: null,
      },
      notes: [
        at ? `On hand at the end of ${at}: today's stock less the moves of the stock ledger since.` : 'On hand now.',
        `Values use today's cost and price. Days of cover: on hand over the average daily units sold in the last ${COVER_DAYS} days. Dead stock: items in stock with no sale in ${ctx.query.deadDays ?? DEFAULT_DEAD_DAYS} days.`,
      ],
      groupBy: ctx.groupBy,
    };
  },
  async table(ctx, sort, page) {
    const { rows, totals } = await pageRows(ctx, sort, page);
    const shown = numbersOf(rows, numberKeys.filter((k) => k !== 'daysOfCover')).map(({ variantId: _id, lastSoldAt: _at, ...row }) => ({
      ...row,
      daysOfCover: row.daysOfCover === null || row.daysOfCover === undefined ? null : Number(row.daysOfCover),
    })) as Row[];
    if (!ctx.query.at) for (const row of shown) delete row.onHandNow;
    const sums: Row = { onHand: totals.onHand, valueAtCost: totals.valueAtCost, valueAtRetail: totals.valueAtRetail };
    if (ctx.query.at) sums.onHandNow = totals.onHandNow;
    return { rows: shown, totals: sums, total: totals.rows };
  },
  async cards(ctx) {
    const t = await totalsOf(ctx);
    const card = (key: string, label: string, kind: CardFigure['kind'], value: number): CardFigure => ({ key, label, kind, value });
    return [
      card('onHand', 'Units on hand', 'count', t.onHand),
      card('valueAtCost', 'Value at cost', 'money', t.valueAtCost),
      card('valueAtRetail', 'Value at retail', 'money', t.valueAtRetail),
      card('low', 'Low stock', 'count', t.low),
      card('out', 'Out of stock', 'count', t.out),
      card('dead', 'Dead stock', 'count', t.dead),
    ];
  },
};
