import type { PricingTax } from '@tillbook/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { productHistory, products, productTaxes, productVariants, stockLevels, taxes } from '../../db/schema/index.ts';

/** A variant as its label shows it, read at the moment of printing. */
export type LabelVariant = {
  id: number;
  productId: number;
  title: string;
  name: string;
  sku: string;
  barcode: string | null;
  price: number;
  /** The product's active taxes in their configured order: what the shelf price adds on top when exclusive. */
  taxes: PricingTax[];
};

export async function findLabelVariants(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, LabelVariant>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      title: products.title,
      name: productVariants.name,
      sku: productVariants.sku,
      barcode: productVariants.barcode,
      price: productVariants.price,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const taxRows =
    productIds.length === 0
      ? []
      : await db
          .select({ productId: productTaxes.productId, id: taxes.id, name: taxes.name, rateE4: taxes.rateE4, isInclusive: taxes.isInclusive, isCompound: taxes.isCompound })
          .from(productTaxes)
          .innerJoin(taxes, eq(taxes.id, productTaxes.taxId))
          .where(and(inArray(productTaxes.productId, productIds), eq(taxes.active, true)))
          .orderBy(asc(productTaxes.position), asc(taxes.id));
  const taxesOf = new Map<number, PricingTax[]>();
  for (const { productId, ...tax } of taxRows) taxesOf.set(productId, [...(taxesOf.get(productId) ?? []), tax]);
  return new Map(rows.map((row) => [row.id, { ...row, taxes: taxesOf.get(row.productId) ?? [] }]));
}

export type PriceChangeRow = {
  variant_id: number;
  title: string;
  name: string;
  sku: string;
  barcode: string | null;
  price: number;
  previous_price: number;
  changed_at: Date | string;
  stock: number | null;
};

/**
 * The active variants of active products whose price changed at or after `since`, read from the product
 * history: a variant's price change is recorded as the field "price" (a product's only variant) or
 * "{variant name} price", so it is matched to the product's variant of that name. The previous
 * price is the one before the first change in the period (what the shelf label still shows); a
 * price changed and changed back is left out. Newest change first.
 */
export async function findPriceChanges(db: DbOrTx, since: Date, limit: number): Promise<PriceChangeRow[]> {
  return execute<PriceChangeRow>(
    db,
    sql`
      with changes as (
        select h.id, h.product_id, h.created_at, e->>'field' as field, (e->>'before')::bigint as before_price
        from ${productHistory} h cross join lateral jsonb_array_elements(h.changes) e
        where h.created_at >= ${since.toISOString()}::timestamptz
          and jsonb_typeof(h.changes) = 'array'
          and (e->>'field' = 'price' or e->>'field' like '% price')
          and jsonb_typeof(e->'before') = 'number'
      ), per_variant as (
        select v.id as variant_id,
          (array_agg(c.before_price order by c.id asc))[1] as previous_price,
          max(c.created_at) as changed_at,
          max(c.id) as last_id
        from changes c
        join ${productVariants} v on v.product_id = c.product_id
          and v.name = case when c.field = 'price' then '' else left(c.field, length(c.field) - 6) end
        group by v.id
      )
      select pv.variant_id::int as variant_id, p.title, v.name, v.sku, v.barcode, v.price::bigint as price,
        pv.previous_price, pv.changed_at,
        case when p.track_stock then coalesce((select sum(s.quantity) from ${stockLevels} s where s.variant_id = v.id), 0)::bigint end as stock
      from per_variant pv
      join ${productVariants} v on v.id = pv.variant_id
      join ${products} p on p.id = v.product_id
      where p.status = 'active' and v.active and v.price <> pv.previous_price
      order by pv.last_id desc, v.id asc
      limit ${limit}
    `,
  );
}
