import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';

/**
 * The stock summary per product and outlet (product_stock, schema/stock.ts): move_stock keeps its
 * quantities as stock moves; these keep the rest true. Call them in the transaction of the write,
 * after it, so the summary never differs from the products, variants and levels it sums.
 */

/**
 * Recomputes the summary of these products — after a write outside the ledger that changes their
 * variants, thresholds, track_stock or status. Locks their summary rows in product order.
 */
export async function refreshProductStock(db: DbOrTx, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await execute(db, sql`select refresh_product_stock(${`{${ids.join(',')}}`}::int[])`);
}

/** A new outlet holds nothing yet: every product is out there, each variant on the shop's default threshold. */
export async function addOutletToProductStock(db: DbOrTx, outletId: number): Promise<void> {
  await execute(
    db,
    sql`insert into product_stock (product_id, outlet_id, tracked, product_status, title_key, default_count)
        select p.id, ${outletId}::int, p.track_stock, p.status, lower(p.title), (select count(*) from product_variants v where v.product_id = p.id)
        from products p
        on conflict (product_id, outlet_id) do nothing`,
  );
}

export async function removeOutletFromProductStock(db: DbOrTx, outletId: number): Promise<void> {
  await execute(db, sql`delete from product_stock where outlet_id = ${outletId}`);
}

/** Every product's summary anew (rebuild_product_stock): `npm run summaries:rebuild`. */
export async function rebuildProductStock(db: DbOrTx): Promise<void> {
  await execute(db, sql`select rebuild_product_stock()`);
}
