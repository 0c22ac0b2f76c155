import { sql, type SQL } from 'drizzle-orm';
import { executeOne } from '../../db/execute.ts';
import { once, percentOf, type ReportContext, type Row } from './report-kit.ts';
import { variantSource } from './variant-source.ts';

/**
 * The products table (and profits by product): one row per variant of the range, sorted, paged and
 * totalled in SQL, with the ten best sellers for the chart, in one statement over one aggregation.
 * Only the page's rows travel to the server: a year of 20,000 variants is summed where it lies.
 */
export type VariantTable = { rows: Row[]; totals: Row; total: number; top: Row[] };

/** Gross profit over net sales of the costed lines in hundredths of a per cent, rounded half away from zero (percentOf). */
const marginSql = (profit: SQL, costedNet: SQL) =>
  sql`case when ${costedNet} = 0 then null else (sign(${profit}) * sign(${costedNet}) * floor((abs(${profit}) * 20000 + abs(${costedNet})) / (2 * abs(${costedNet}))))::bigint end`;

const shownColumns = ['title', 'variant', 'sku', 'unitsSold', 'unitsRefunded', 'netSales', 'cost', 'profit', 'margin', 'uncostedUnits'] as const;
const summedColumns = ['unitsSold', 'unitsRefunded', 'netSales', 'cost', 'profit', 'costedNet', 'uncostedUnits'] as const;

type Sort = { key: string; descending: boolean };
type Page = { limit: number; offset: number } | null;

/** The range's variants (the report's outlet, category and product filters), `sort`ed, cut to `page` (null: all, for CSV). */
export function variantTable(ctx: ReportContext, sort: Sort, page: Page): Promise<VariantTable> {
  return once(ctx, `variant-table ${sort.descending ? '-' : ''}${sort.key} ${page ? `${page.limit} ${page.offset}` : 'all'}`, () => load(ctx, sort, page));
}

async function load(ctx: ReportContext, sort: Sort, page: Page): Promise<VariantTable> {
  if (!(shownColumns as readonly string[]).includes(sort.key)) throw new Error(`No such column: ${sort.key}`);
  const source = await variantSource(ctx, ctx.range, ctx.query);
  const direction = sql.raw(sort.descending ? 'desc nulls last' : 'asc nulls last');
  const limit = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  const shown = sql.raw(shownColumns.map((c) => `"${c}"`).join(', '));
  const row = await executeOne<{ page: Row[] | null; top: Row[] | null; totals: Record<string, number | string | null> }>(
    ctx.db,
    sql`with s as (
        select v.variant_id, sum(v.units) as units, sum(v.refund_units) as refund_units, sum(v.net - v.refund_net) as net_sales,
          sum(v.cost - v.refund_cost) as cost, sum(v.costed_net - v.refund_costed_net) as costed_net, sum(v.uncosted_units) as uncosted_units
        from ${source.from} where ${source.where} group by v.variant_id
      ), r as (
        select s.variant_id, coalesce(p.title, 'Removed item') as "title", coalesce(pv.name, '') as "variant", coalesce(pv.sku, '') as "sku",
          s.units::bigint as "unitsSold", s.refund_units::bigint as "unitsRefunded", s.net_sales::bigint as "netSales", s.cost::bigint as "cost",
          (s.costed_net - s.cost)::bigint as "profit", ${marginSql(sql`(s.costed_net - s.cost)`, sql`s.costed_net`)} as "margin",
          s.uncosted_units::bigint as "uncostedUnits", s.costed_net::bigint as "costedNet"
        from s left join product_variants pv on pv.id = s.variant_id left join products p on p.id = pv.product_id
      )
      select
        (select json_agg(x) from (select ${shown} from r order by ${sql.raw(`"${sort.key}"`)} ${direction}, variant_id${limit}) x) as page,
        (select json_agg(x) from (select ${shown} from r order by "netSales" desc, variant_id limit 10) x) as top,
        (select json_build_object('rows', count(*), ${sql.raw(summedColumns.map((c) => `'${c}', coalesce(sum("${c}"), 0)`).join(', '))}) from r) as totals`,
  );
  const t = Object.fromEntries(Object.entries(row?.totals ?? {}).map(([k, v]) => [k, Number(v ?? 0)]));
  const profit = t.profit ?? 0;
  const costedNet = t.costedNet ?? 0;
  return {
    rows: row?.page ?? [],
    top: row?.top ?? [],
    total: t.rows ?? 0,
    totals: {
      unitsSold: t.unitsSold ?? 0,
      unitsRefunded: t.unitsRefunded ?? 0,
      netSales: t.netSales ?? 0,
      cost: t.cost ?? 0,
      profit,
      margin: percentOf(profit, costedNet),
      uncostedUnits: t.uncostedUnits ?? 0,
    },
  };
}
