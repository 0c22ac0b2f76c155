import type { PickedVariant } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';

/**
 * The variants whose barcode is the code, or whose SKU is the code in any case: what a scanner
 * typed on a back-office screen (a goods order, a transfer, a count). Both are unique indexes, so
 * this is at most two index probes; archived products are found too (stock still moves for them).
 */
export async function findVariantsByCode(db: DbOrTx, code: string): Promise<PickedVariant[]> {
  const rows = await execute<{
    variant_id: number;
    product_id: number;
    product_title: string;
    variant_name: string;
    sku: string;
    barcode: string | null;
    cost: number;
    price: number;
  }>(
    db,
    sql`select v.id as variant_id, p.id as product_id, p.title as product_title, v.name as variant_name, v.sku, v.barcode,
          v.cost::float8 as cost, v.price::float8 as price
        from product_variants v join products p on p.id = v.product_id
        where v.barcode = ${code}
        union
        select v.id, p.id, p.title, v.name, v.sku, v.barcode, v.cost::float8, v.price::float8
        from product_variants v join products p on p.id = v.product_id
        where lower(v.sku) = lower(${code})
        order by 1`,
  );
  return rows.map((r) => ({
    variantId: Number(r.variant_id),
    productId: Number(r.product_id),
    productTitle: r.product_title,
    variantName: r.variant_name,
    sku: r.sku,
    barcode: r.barcode,
    cost: Number(r.cost),
    price: Number(r.price),
  }));
}
