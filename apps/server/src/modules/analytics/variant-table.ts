import { sql, type SQL } from 'drizzle-orm';
import { execute, executeOne } from '../../db/execute.ts';
import { hourWhere } from './queries.ts';
import { once, percentOf, type ReportContext, type Row } from './report-kit.ts';
import { hourSums, zeroHourSums, zeroVariantSums } from './sales-sums.ts';
import { rangeVariantSums, variantSource, type SourceOptions } from './variant-source.ts';

/**
 * The products table (and profits by product): one row per variant of the range, sorted, paged and
 * totalled in the database. A page is found by summing only what its order needs over every variant
 * of the range (net sales for the default order), then the page's and the chart's best sellers are
 * read whole, by their ids; the totals are the range's sums kept per sale (sales_by_hour) unless a
 * product or category narrows the report. A year of 20,000 variants never travels to the server.
 */
export type VariantTable = { rows: Row[]; totals: Row; total: number; top: Row[] };

type Sort = { key: string; descending: boolean };
type Page = { limit: number; offset: number } | null;

/** Gross profit over net sales of the costed lines in hundredths of a per cent, rounded half away from zero (percentOf). */
const marginSql = (profit: SQL, costedNet: SQL) =>
  sql`case when ${costedNet} = 0 then null else (sign(${profit}) * sign(${costedNet}) * floor((abs(${profit}) * 20000 + abs(${costedNet})) / (2 * abs(${costedNet}))))::bigint end`;

const netSales = sql`sum(v.net - v.refund_net)`;
const cost = sql`sum(v.cost - v.refund_cost)`;
const costedNet = sql`sum(v.costed_net - v.refund_costed_net)`;

/** What each sortable column sums per variant, and the summary columns it reads. */
const orderings: Record<string, { value: SQL | null; columns: SourceOptions['columns'] }> = {
  title: { value: null, columns: [] },
  variant: { value: null, columns: [] },
  sku: { value: null, columns: [] },
  unitsSold: { value: sql`sum(v.units)`, columns: ['units'] },
  unitsRefunded: { value: sql`sum(v.refund_units)`, columns: ['refund_units'] },
  netSales: { value: netSales, columns: ['net', 'refund_net'] },
  cost: { value: cost, columns: ['cost', 'refund_cost'] },
  profit: { value: sql`${costedNet} - ${cost}`, columns: ['cost', 'refund_cost', 'costed_net', 'refund_costed_net'] },
  margin: { value: marginSql(sql`(${costedNet} - ${cost})`, costedNet), columns: ['cost', 'refund_cost', 'costed_net', 'refund_costed_net'] },
  uncostedUnits: { value: sql`sum(v.uncosted_units)`, columns: ['uncosted_units'] },
};

/** The range's variants (the report's outlet, category and product filters), `sort`ed, cut to `page` (null: all, for CSV). */
export function variantTable(ctx: ReportContext, sort: Sort, page: Page): Promise<VariantTable> {
  return once(ctx, `variant-table ${sort.descending ? '-' : ''}${sort.key} ${page ? `${page.limit} ${page.offset}` : 'all'}`, () => load(ctx, sort, page));
}

async function load(ctx: ReportContext, sort: Sort, page: Page): Promise<VariantTable> {
  const ordering = orderings[sort.key];
  if (!ordering) throw new Error(`No such column: ${sort.key}`);
  const [totals, found] = await Promise.all([totalsOf(ctx), page ? pageIds(ctx, sort, page) : null]);
  const rows = await figures(ctx, sort, found ? [...new Set([...found.page, ...found.top])] : null);
  const byId = new Map(rows.map((r) => [r.variantId, r]));
  const shown = (ids: number[]) => ids.map((id) => byId.get(id)).filter((r): r is Row & { variantId: number } => r !== undefined).map(({ variantId: _id, ...row }) => row);
  if (!found) {
    const all = shown(rows.map((r) => r.variantId));
    return { rows: all, total: all.length, totals, top: [...all].sort((a, b) => (b.netSales as number) - (a.netSales as number)).slice(0, 10) };
  }
  return { rows: shown(found.page), top: shown(found.top), total: found.total, totals };
}

/** The ids of the page in the asked order and of the ten best sellers, and how many variants the range has. */
async function pageIds(ctx: ReportContext, sort: Sort, page: { limit: number; offset: number }) {
  const ordering = orderings[sort.key]!;
  const columns = [...new Set([...(ordering.columns ?? []), 'net', 'refund_net'] as const)];
  const source = await variantSource(ctx, ctx.range, ctx.query, { columns });
  const direction = sql.raw(sort.descending ? 'desc nulls last' : 'asc nulls last');
  const byValue = ordering.value
    ? sql`select variant_id from s order by k ${direction}, variant_id`
    : sql`select s.variant_id from s left join product_variants pv on pv.id = s.variant_id left join products p on p.id = pv.product_id
          order by ${sort.key === 'title' ? sql`coalesce(p.title, 'Removed item')` : sort.key === 'variant' ? sql`coalesce(pv.name, '')` : sql`coalesce(pv.sku, '')`} ${direction}, s.variant_id`;
  const row = await executeOne<{ page: number[] | null; top: number[] | null; total: number }>(
    ctx.db,
    sql`with s as (select v.variant_id, ${ordering.value ?? sql`0`} as k, ${netSales} as net_sales from ${source.from} where ${source.where} group by 1)
      select (select json_agg(variant_id) from (${byValue} limit ${page.limit} offset ${page.offset}) x) as page,
        (select json_agg(variant_id) from (select variant_id from s order by net_sales desc, variant_id limit 10) x) as top,
        (select count(*)::int from s) as total`,
  );
  return { page: row?.page ?? [], top: row?.top ?? [], total: Number(row?.total ?? 0) };
}

/** Whole rows of the given variants (null: every variant of the range), names joined, in the asked order. */
async function figures(ctx: ReportContext, sort: Sort, ids: number[] | null): Promise<Array<Row & { variantId: number }>> {
  if (ids && !ids.length) return [];
  const source = await variantSource(ctx, ctx.range, ctx.query, {
    columns: ['units', 'refund_units', 'net', 'refund_net', 'cost', 'refund_cost', 'costed_net', 'refund_costed_net', 'uncosted_units'],
    ...(ids ? { variants: ids } : {}),
  });
  const direction = sql.raw(sort.descending ? 'desc nulls last' : 'asc nulls last');
  const rows = await execute<Row & { variantId: number }>(
    ctx.db,
    sql`select * from (
        select s.variant_id as "variantId", coalesce(p.title, 'Removed item') as "title", coalesce(pv.name, '') as "variant", coalesce(pv.sku, '') as "sku",
          s.units::bigint as "unitsSold", s.refund_units::bigint as "unitsRefunded", s.net_sales::bigint as "netSales", s.cost::bigint as "cost",
          (s.costed_net - s.cost)::bigint as "profit", ${marginSql(sql`(s.costed_net - s.cost)`, sql`s.costed_net`)} as "margin",
          s.uncosted_units::bigint as "uncostedUnits"
        from (select v.variant_id, sum(v.units) as units, sum(v.refund_units) as refund_units, ${netSales} as net_sales, ${cost} as cost,
            ${costedNet} as costed_net, sum(v.uncosted_units) as uncosted_units
          from ${source.from} where ${source.where} group by 1) s
        left join product_variants pv on pv.id = s.variant_id left join products p on p.id = pv.product_id
      ) r order by ${sql.raw(`"${sort.key}"`)} ${direction}, "variantId"`,
  );
  return rows.map((r) => ({ ...r, variantId: Number(r.variantId) }));
}

/** The table's totals: sales_by_hour's sums of the range (the same lines), or the variants' when a product or category narrows it. */
async function totalsOf(ctx: ReportContext): Promise<Row> {
  const s =
    ctx.query.product || ctx.query.category
      ? ((await rangeVariantSums(ctx, ctx.range, ctx.query, null))[0] ?? zeroVariantSums())
      : ((await hourSums(ctx.db, hourWhere(ctx.range, { outlet: ctx.query.outlet }), null))[0] ?? zeroHourSums());
  const net = s.costedNet - s.refundCostedNet;
  const profit = net - (s.cost - s.refundCost);
  return {
    unitsSold: s.units,
    unitsRefunded: s.refundUnits,
    netSales: s.net - s.refundNet,
    cost: s.cost - s.refundCost,
    profit,
    margin: percentOf(profit, net),
    uncostedUnits: s.uncostedUnits,
  };
}
