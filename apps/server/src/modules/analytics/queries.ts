import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import type { DayRange } from './periods.ts';

/**
 * The SQL the reports share: the filters on each summary (db/schema/analytics.ts), the products of
 * a category and its sub-categories, and names of the ids summaries keep.
 */
export type SummaryFilters = { outlet?: number; register?: number; cashier?: number; category?: number; product?: number };

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/** The products of a category and of every category below it. */
export function productsOfCategory(categoryId: number): SQL {
  return sql`(select pc.product_id from product_categories pc where pc.category_id in (
    with recursive tree(id) as (select ${categoryId}::int union all select c.id from categories c join tree on c.parent_id = tree.id)
    select id from tree))`;
}

/** sales_by_hour rows of the range: outlet, register and cashier are its own columns. */
export function hourWhere(range: DayRange, f: SummaryFilters, alias = 'h'): SQL {
  const a = sql.raw(alias);
  const parts = [sql`${a}.day between ${range.from}::date and ${range.to}::date`];
  if (f.outlet) parts.push(sql`${a}.outlet_id = ${f.outlet}`);
  if (f.register) parts.push(sql`${a}.register_id = ${f.register}`);
  if (f.cashier) parts.push(sql`${a}.user_id = ${f.cashier}`);
  return and(parts);
}

/** sales_by_variant rows of the range: outlet, product, and category (with its sub-categories). */
export function variantWhere(range: DayRange, f: SummaryFilters, alias = 'v'): SQL {
  const a = sql.raw(alias);
  const parts = [sql`${a}.day between ${range.from}::date and ${range.to}::date`];
  if (f.outlet) parts.push(sql`${a}.outlet_id = ${f.outlet}`);
  if (f.product) parts.push(sql`${a}.product_id = ${f.product}`);
  if (f.category) parts.push(sql`${a}.product_id in ${productsOfCategory(f.category)}`);
  return and(parts);
}

/** Filters on a variant id column by product and category (stock ledger, stock levels). */
export function variantIdFilters(f: SummaryFilters, variantId: SQL): SQL[] {
  const parts: SQL[] = [];
  if (f.product) parts.push(sql`${variantId} in (select id from product_variants where product_id = ${f.product})`);
  if (f.category) parts.push(sql`${variantId} in (select id from product_variants where product_id in ${productsOfCategory(f.category)})`);
  return parts;
}

/** stock_moves_by_day rows of the range: outlet, product and category through the variant. */
export function stockWhere(range: DayRange, f: SummaryFilters, alias = 'm'): SQL {
  const a = sql.raw(alias);
  const parts = [sql`${a}.day between ${range.from}::date and ${range.to}::date`];
  if (f.outlet) parts.push(sql`${a}.outlet_id = ${f.outlet}`);
  parts.push(...variantIdFilters(f, sql`${a}.variant_id`));
  return and(parts);
}

export { and as allOf };

/** Names of users, registers or outlets by id (summaries keep plain ids; 0 or a deleted one has none). */
export async function namesOf(db: DbOrTx, table: 'users' | 'registers' | 'outlets', ids: number[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id) => id > 0);
  if (!wanted.length) return new Map();
  const rows = await execute<{ id: number; name: string }>(
    db,
    sql`select id, name from ${sql.raw(table)} where id in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Titles, variant names and SKUs of variants (a deleted one is missing). */
export async function variantsOf(db: DbOrTx, ids: number[]): Promise<Map<number, { title: string; name: string; sku: string }>> {
  const wanted = ids.filter((id) => id > 0);
  if (!wanted.length) return new Map();
  const rows = await execute<{ id: number; title: string; name: string; sku: string }>(
    db,
    sql`select v.id, p.title, v.name, v.sku from product_variants v join products p on p.id = v.product_id
        where v.id in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), { title: r.title, name: r.name, sku: r.sku }]));
}

/** Today in the shop's time zone, and the zone (IANA name) its days are counted in. */
export async function shopClock(db: DbOrTx): Promise<{ today: string; zone: string }> {
  const [row] = await execute<{ today: string; zone: string }>(
    db,
    sql`select to_char((now() at time zone z.zone)::date, 'YYYY-MM-DD') as today, z.zone from (select shop_time_zone() as zone) z`,
  );
  return row ?? { today: new Date().toISOString().slice(0, 10), zone: 'UTC' };
}

/** Today in the shop's time zone. */
export async function shopToday(db: DbOrTx): Promise<string> {
  return (await shopClock(db)).today;
}
