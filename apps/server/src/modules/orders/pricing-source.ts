import type { PricingCharge, PricingTax, SaleItem } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A variant as a sale needs it: what the engine prices with, and what the sale must check and copy. */
export type SellableVariant = {
  item: SaleItem;
  sellable: boolean;
  trackStock: boolean;
  unitCost: number;
};

type ChargeJson = { id: number; name: string; kind: 'fixed' | 'percentage'; amount: number; rateE4: number; per: 'unit' | 'line'; isTaxable: boolean };

type VariantRow = {
  id: number;
  product_id: number;
  title: string;
  name: string;
  sku: string;
  price: number;
  cost: number;
  sellable: boolean;
  track_stock: boolean;
  taxes: PricingTax[];
  charges: ChargeJson[];
  category_ids: number[];
};

function toCharge(charge: ChargeJson): PricingCharge {
  return charge.kind === 'fixed'
    ? { id: charge.id, name: charge.name, isTaxable: charge.isTaxable, kind: 'fixed', amount: charge.amount, per: charge.per }
    : { id: charge.id, name: charge.name, isTaxable: charge.isTaxable, kind: 'percentage', rateE4: charge.rateE4, per: charge.per };
}

/**
 * The variants of a sale with their product's taxes (in `product_taxes.position` order), charges
 * and categories, in one query. Only active taxes and charges apply, exactly as the register's
 * sync hands them out (docs/catalogue.md), so the screen and the server price alike.
 */
export async function loadSellableVariants(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, SellableVariant>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<VariantRow>(
    db,
    sql`select v.id, v.product_id, p.title, v.name, v.sku, v.price, v.cost, p.track_stock,
          (v.active and p.status = 'active') as sellable,
          coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'rateE4', t.rate_e4,
                      'isInclusive', t.is_inclusive, 'isCompound', t.is_compound) order by pt.position, pt.tax_id)
                    from product_taxes pt join taxes t on t.id = pt.tax_id
                    where pt.product_id = p.id and t.active), '[]'::json) as taxes,
          coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'kind', c.kind, 'amount', c.amount,
                      'rateE4', c.rate_e4, 'per', c.per, 'isTaxable', c.is_taxable) order by pc.charge_id)
                    from product_charges pc join additional_charges c on c.id = pc.charge_id
                    where pc.product_id = p.id and c.active), '[]'::json) as charges,
          coalesce((select array_agg(pcat.category_id order by pcat.category_id)
                    from product_categories pcat where pcat.product_id = p.id), '{}'::int[]) as category_ids
        from product_variants v join products p on p.id = v.product_id
        where v.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        item: {
          variantId: row.id,
          productId: row.product_id,
          title: row.title,
          variantName: row.name,
          sku: row.sku,
          unitPrice: row.price,
          taxes: row.taxes,
          charges: row.charges.map(toCharge),
          categoryIds: row.category_ids,
        },
        sellable: row.sellable,
        trackStock: row.track_stock,
        unitCost: row.cost,
      },
    ]),
  );
}

/**
 * The register a sale is rung up on, its outlet, its open drawer session (null when closed), the
 * order already stored under the sale's uuid (a retried request) and an id for a new order, in one
 * query. An id taken here and not used leaves a gap in ids only; sale numbers come from the outlet's counter.
 */
export type SaleRegister = {
  id: number;
  name: string;
  active: boolean;
  outletId: number;
  outletCode: string;
  outletName: string;
  receiptTemplateId: number;
  sessionId: number | null;
  soldOrderId: number | null;
  newOrderId: number;
};

export async function loadSaleRegister(db: DbOrTx, registerId: number, uuid: string): Promise<SaleRegister | null> {
  const [row] = await rowsOf<{
    id: number;
    name: string;
    active: boolean;
    outlet_id: number;
    code: string;
    outlet_name: string;
    receipt_template_id: number;
    session_id: number | null;
    sold_order_id: number | null;
    new_order_id: number;
  }>(
    db,
    sql`select r.id, r.name, r.active, r.outlet_id, o.code, o.name as outlet_name, r.receipt_template_id,
          (select s.id from cashbox_sessions s where s.register_id = r.id and s.status = 'open' limit 1) as session_id,
          (select id from orders where uuid = ${uuid}) as sold_order_id,
          nextval(pg_get_serial_sequence('orders', 'id'))::int as new_order_id
        from registers r join outlets o on o.id = r.outlet_id where r.id = ${registerId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    outletId: row.outlet_id,
    outletCode: row.code,
    outletName: row.outlet_name,
    receiptTemplateId: row.receipt_template_id,
    sessionId: row.session_id,
    soldOrderId: row.sold_order_id,
    newOrderId: row.new_order_id,
  };
}
