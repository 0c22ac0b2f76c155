import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';

/**
 * The dashboard's reads (issue 12). Sales figures come from the summaries the database keeps
 * (db/schema/analytics.ts, decision 020), never from the order lines; days are the shop's local
 * days (shop_time_zone()). `outletId` undefined = every outlet.
 */

const outletIs = (column: SQL, outletId: number | undefined): SQL => (outletId === undefined ? sql`true` : sql`${column} = ${outletId}`);

/** Today in the shop's time zone, and the same weekday last week. */
export async function findShopDays(db: DbOrTx): Promise<{ today: string; compared: string }> {
  const row = await executeOne<{ today: string; compared: string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as today, to_char(d - 7, 'YYYY-MM-DD') as compared
        from (select (now() at time zone shop_time_zone())::date as d) t`,
  );
  if (!row) throw new Error('The database answered no date');
  return row;
}

/** A day's figures from sales_by_hour (bigint sums, read as numbers). */
export type DayFigures = {
  orders: number;
  units: number;
  net: number;
  total: number;
  refundNet: number;
  refundTotal: number;
  refundUnits: number;
  cost: number;
  costedNet: number;
  refundCost: number;
  refundCostedNet: number;
};

const noFigures: DayFigures = { orders: 0, units: 0, net: 0, total: 0, refundNet: 0, refundTotal: 0, refundUnits: 0, cost: 0, costedNet: 0, refundCost: 0, refundCostedNet: 0 };

/** The figures of each of `days` (missing days answer zeros). */
export async function sumDays(db: DbOrTx, days: string[], outletId: number | undefined): Promise<Map<string, DayFigures>> {
  const rows = await execute<{ day: string } & Record<keyof DayFigures, string>>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(orders) as orders, sum(units) as units, sum(net) as net, sum(total) as total,
          sum(refund_net) as "refundNet", sum(refund_total) as "refundTotal", sum(refund_units) as "refundUnits",
          sum(cost) as cost, sum(costed_net) as "costedNet", sum(refund_cost) as "refundCost", sum(refund_costed_net) as "refundCostedNet"
        from sales_by_hour
        where day = any(${`{${days.join(',')}}`}::date[]) and ${outletIs(sql`outlet_id`, outletId)}
        group by day`,
  );
  const result = new Map(days.map((day) => [day, { ...noFigures }]));
  for (const { day, ...figures } of rows) {
    result.set(day, Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)])) as DayFigures);
  }
  return result;
}

/** Net sales (net of the day's refunds) per local hour of each of `days`. */
export async function sumHours(db: DbOrTx, days: string[], outletId: number | undefined): Promise<Array<{ day: string; hour: number; net: number }>> {
  const rows = await execute<{ day: string; hour: number; net: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, hour::int as hour, sum(net - refund_net) as net
        from sales_by_hour
        where day = any(${`{${days.join(',')}}`}::date[]) and ${outletIs(sql`outlet_id`, outletId)}
        group by day, hour`,
  );
  return rows.map((r) => ({ day: r.day, hour: r.hour, net: Number(r.net) }));
}

export type TopRow = { id: number | null; name: string | null; units: number; netSales: number };

/** The products with the highest net sales of `day` (sold that day); a deleted product has a null id and name. */
export async function findTopProducts(db: DbOrTx, day: string, outletId: number | undefined, limit: number): Promise<TopRow[]> {
  const rows = await execute<{ id: number | null; name: string | null; units: string; net_sales: string }>(
    db,
    sql`select p.id, p.title as name, sum(s.units - s.refund_units) as units, sum(s.net - s.refund_net) as net_sales
        from sales_by_variant s left join products p on p.id = s.product_id
        where s.day = ${day}::date and ${outletIs(sql`s.outlet_id`, outletId)}
        group by p.id, p.title
        having sum(s.units) > 0
        order by net_sales desc, units desc, p.title nulls last
        limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, units: Number(r.units), netSales: Number(r.net_sales) }));
}

/**
 * The categories with the highest net sales of `day`. A product counts in each of its categories
 * (as a product in two collections does in a shop's reports); a product in none, or deleted since,
 * counts under a null category.
 */
export async function findTopCategories(db: DbOrTx, day: string, outletId: number | undefined, limit: number): Promise<TopRow[]> {
  const rows = await execute<{ id: number | null; name: string | null; units: string; net_sales: string }>(
    db,
    sql`with sold as (
          select s.product_id, sum(s.units) as sold, sum(s.units - s.refund_units) as units, sum(s.net - s.refund_net) as net_sales
          from sales_by_variant s
          where s.day = ${day}::date and ${outletIs(sql`s.outlet_id`, outletId)}
          group by s.product_id
        )
        select c.id, c.name, sum(sold.units) as units, sum(sold.net_sales) as net_sales
        from sold
          left join product_categories pc on pc.product_id = sold.product_id
          left join categories c on c.id = pc.category_id
        group by c.id, c.name
        having sum(sold.sold) > 0
        order by net_sales desc, units desc, c.name nulls last
        limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, units: Number(r.units), netSales: Number(r.net_sales) }));
}

export type LowStockRow = {
  productId: number;
  variantId: number;
  title: string;
  variantName: string;
  sku: string;
  outletName: string;
  quantity: number;
  threshold: number;
};

/**
 * Variants of active, stock-tracked products at or below their low-stock threshold at an outlet
 * (the outlet's own threshold, else the shop's default, as the product list counts "low"), lowest first.
 */
export async function findLowStock(db: DbOrTx, outletId: number | undefined, defaultThreshold: number, limit: number): Promise<LowStockRow[]> {
  const rows = await execute<Omit<LowStockRow, 'quantity' | 'threshold'> & { quantity: string; threshold: string }>(
    db,
    sql`select p.id as "productId", v.id as "variantId", p.title, v.name as "variantName", v.sku, o.name as "outletName",
          sl.quantity, coalesce(sl.low_stock_threshold, ${defaultThreshold}) as threshold
        from stock_levels sl
          join product_variants v on v.id = sl.variant_id and v.active
          join products p on p.id = v.product_id and p.track_stock and p.status = 'active'
          join outlets o on o.id = sl.outlet_id
        where sl.quantity <= coalesce(sl.low_stock_threshold, ${defaultThreshold}) and ${outletIs(sql`sl.outlet_id`, outletId)}
        order by sl.quantity, p.title, v.position, o.name
        limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), threshold: Number(r.threshold) }));
}

export type LastOrderRow = { id: number; number: string; createdAt: Date | string; total: number; status: string; customerName: string | null };

/** The latest orders, newest first. */
export async function findLastOrders(db: DbOrTx, outletId: number | undefined, limit: number): Promise<LastOrderRow[]> {
  const rows = await execute<Omit<LastOrderRow, 'total'> & { total: string }>(
    db,
    sql`select o.id, o.number, o.created_at as "createdAt", o.total, o.status, c.name as "customerName"
        from orders o left join customers c on c.id = o.customer_id
        where ${outletIs(sql`o.outlet_id`, outletId)}
        order by o.created_at desc, o.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}
