import { formatMoney } from '@tillbook/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productVariants } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import type { Actor } from './service.ts';

/** Price and cost changes in the audit log (issue 16): who changed what a product sells or costs at. */

export type PricedVariant = { id: number; productId: number; name: string; sku: string; price: number; cost: number };
export type PriceChange = { product: { id: number; title: string }; before: PricedVariant[]; after: PricedVariant[] };
type MoneyStyle = { currency: string; locale: string };

/** Above this many products in one action, one summarising row is written instead of one per product. */
const ROWS_PER_PRODUCT_UP_TO = 20;
/** At most this many variants are listed in one row's before/after. */
const LISTED_VARIANTS = 50;

/** The audit log's actor for a product action: the route's (with name and address), else the user alone. */
export function auditActorOfProducts(actor: Actor): AuditActor {
  return actor.audit ?? { id: actor.userId, name: null };
}

/** The variants of some products with their price and cost, for a before and after reading. */
export async function pricedVariants(tx: DbOrTx, productIds: number[]): Promise<PricedVariant[]> {
  if (!productIds.length) return [];
  return tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      name: productVariants.name,
      sku: productVariants.sku,
      price: productVariants.price,
      cost: productVariants.cost,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds));
}

type Field = 'price' | 'cost';
type Changed = { product: PriceChange['product']; from: PricedVariant; to: PricedVariant };

/** Variants there before and after whose field changed (added or removed variants are not price changes). */
function changedOf(change: PriceChange, field: Field): Changed[] {
  const before = new Map(change.before.map((v) => [v.id, v]));
  return change.after.flatMap((to) => {
    const from = before.get(to.id);
    return from && from[field] !== to[field] ? [{ product: change.product, from, to }] : [];
  });
}

const labelOf = (c: Changed) => `${c.product.title}${c.to.name ? ` ${c.to.name}` : ''} (${c.to.sku})`;

/**
 * Writes product.price and product.cost rows for what changed, in the caller's transaction: one
 * row per product listing its changed variants, or one row for the whole action when it changed
 * many products. `how` says how it was done ("product form", "bulk +10%", "CSV import").
 */
export async function auditPriceChanges(tx: DbOrTx, actor: AuditActor, changes: PriceChange[], style: MoneyStyle, how: string): Promise<void> {
  for (const field of ['price', 'cost'] as const) {
    const word = field === 'price' ? 'Price' : 'Cost';
    const perProduct = changes.map((c) => changedOf(c, field)).filter((list) => list.length > 0);
    const write = async (list: Changed[], summary: string, subject?: { type: string; id: number }) =>
      recordAudit(tx, actor, {
        action: `product.${field}`,
        summary,
        subject,
        before: list.slice(0, LISTED_VARIANTS).map((c) => ({ sku: c.from.sku, [field]: c.from[field] })),
        after: list.slice(0, LISTED_VARIANTS).map((c) => ({ sku: c.to.sku, [field]: c.to[field] })),
      });
    if (perProduct.length > ROWS_PER_PRODUCT_UP_TO) {
      const all = perProduct.flat();
      await write(all, `${word} changed on ${all.length} variants of ${perProduct.length} products (${how})`);
      continue;
    }
    for (const list of perProduct) {
      const first = list[0] as Changed;
      const summary =
        list.length === 1
          ? `${word} of ${labelOf(first)}: ${formatMoney(first.from[field], style)} → ${formatMoney(first.to[field], style)} (${how})`
          : `${word} of ${first.product.title} changed on ${list.length} variants (${how})`;
      await write(list, summary, { type: 'product', id: first.product.id });
    }
  }
}
