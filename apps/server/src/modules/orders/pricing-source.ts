import { taxRoundings, type PricingCharge, type PricingTax, type SaleItem, type TaxRounding } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeOne, parsedJson } from '../../db/execute.ts';

/** The one JSON value a query answers (`… as value`). */
async function jsonOf<T>(db: DbOrTx, query: SQL): Promise<T> {
  const row = await executeOne<{ value: T | string }>(db, query);
  return parsedJson<T>(row?.value) as T;
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
 * and categories, in one call. Only active taxes and charges apply, exactly as the register's
 * sync hands them out (docs/catalogue.md), so the screen and the server price alike.
 */
export async function loadSellableVariants(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, SellableVariant>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  // sale_variants (migration 0005_sale_reads.sql): planned once per connection, not at every sale.
  return toSellable(await jsonOf<VariantRow[]>(db, sql`select sale_variants(${idArray(ids)}) as value`));
}

const idArray = (ids: readonly number[]) => sql`${`{${[...new Set(ids)].join(',')}}`}::int[]`;

function toSellable(rows: VariantRow[]): Map<number, SellableVariant> {
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
 * call. An id taken here and not used leaves a gap in ids only; sale numbers come from the outlet's counter.
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

type RegisterRow = {
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
};

/** The shop's tax rounding as stored in its settings (`line` when never chosen). */
export function taxRoundingOf(value: unknown): TaxRounding {
  return taxRoundings.find((mode) => mode === value) ?? 'line';
}

export type SaleSource = { register: SaleRegister | null; variants: Map<number, SellableVariant>; taxRounding: TaxRounding };

/**
 * What POST /api/orders/create reads before it decides: the register (null when there is none),
 * the sale's variants and the shop's tax rounding, in one call of the two functions of
 * 0005_sale_reads.sql (and one look at the settings row). `session`: the request's session read
 * (plugins/session.ts) taken in the same statement; its value comes back as `session`.
 */
export async function loadSaleSource(
  db: DbOrTx,
  registerId: number,
  uuid: string,
  variantIds: readonly number[],
  session: SQL | null = null,
): Promise<SaleSource & { session: unknown }> {
  const row = await executeOne<{ register: RegisterRow | string | null; variants: VariantRow[] | string; tax_rounding: string | null; session: unknown }>(
    db,
    sql`select sale_register(${registerId}::int, ${uuid}::uuid) as register, sale_variants(${idArray(variantIds)}) as variants,
               (select value->>'taxRounding' from settings where key = 'shop') as tax_rounding, ${session ?? sql`null`} as session`,
  );
  const register = parsedJson<RegisterRow>(row?.register);
  return {
    register: register && toSaleRegister(register),
    variants: toSellable(parsedJson<VariantRow[]>(row?.variants) ?? []),
    taxRounding: taxRoundingOf(row?.tax_rounding),
    session: row?.session ?? null,
  };
}

function toSaleRegister(row: RegisterRow): SaleRegister {
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
