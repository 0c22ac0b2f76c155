import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productStockStamps, productVariants, products, stockLevels, stockMovements, type StockReason } from '../../db/schema/index.ts';
import { currentXid } from '../../db/schema/catalogue-sync.ts';
import { AppError } from '../../lib/errors.ts';

export type StockChange = {
  outletId: number;
  variantId: number;
  delta: number;
  reason: StockReason;
  note?: string | null;
  document?: { type: string; id: number } | null;
  userId: number | null;
  /** Whether the level may go below zero (the shop's setting, or a count that says so). */
  allowNegative: boolean;
};

/**
 * Changes a stock level through the ledger (DESIGN.md §4, §6): `quantity = quantity + delta` in
 * SQL — never read-modify-write — with the movement row in the same transaction. Going below
 * zero when that is not allowed answers 422 and the caller's transaction rolls back.
 */
export async function changeStock(tx: DbOrTx, change: StockChange): Promise<{ quantityAfter: number }> {
  const [level] = await tx
    .insert(stockLevels)
    .values({ outletId: change.outletId, variantId: change.variantId, quantity: change.delta })
    .onConflictDoUpdate({
      target: [stockLevels.outletId, stockLevels.variantId],
      set: { quantity: sql`${stockLevels.quantity} + ${change.delta}`, updatedAt: sql`now()` },
    })
    .returning({ quantity: stockLevels.quantity });
  const quantityAfter = level?.quantity ?? change.delta;
  if (quantityAfter < 0 && change.delta < 0 && !change.allowNegative) {
    throw AppError.validation({
      quantity: [`Not enough stock: this would leave ${quantityAfter} at the outlet, and selling below zero is not allowed.`],
    });
  }
  await tx.insert(stockMovements).values({
    outletId: change.outletId,
    variantId: change.variantId,
    delta: change.delta,
    quantityAfter,
    reason: change.reason,
    note: change.note ?? null,
    documentType: change.document?.type ?? null,
    documentId: change.document?.id ?? null,
    userId: change.userId,
  });
  await touchProductsOfVariants(tx, [change.variantId]);
  return { quantityAfter };
}

/** Sets a level to a counted quantity: the ledger records the difference. */
export async function setStock(
  tx: DbOrTx,
  target: Omit<StockChange, 'delta' | 'allowNegative'> & { quantity: number },
): Promise<{ quantityAfter: number; delta: number }> {
  const [current] = await tx
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.outletId, target.outletId), eq(stockLevels.variantId, target.variantId)))
    .for('update');
  const delta = target.quantity - (current?.quantity ?? 0);
  if (delta === 0 && current) return { quantityAfter: target.quantity, delta };
  const { quantityAfter } = await changeStock(tx, { ...target, delta, allowNegative: true });
  return { quantityAfter, delta };
}

/** Marks products as changed for register sync (see db/schema/catalogue-sync.ts). */
export async function touchProducts(tx: DbOrTx, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.update(products).set({ changeXid: currentXid }).where(inArray(products.id, productIds));
}

/** Marks the products of some variants for register sync after a stock change (product_stock_stamps). */
export async function touchProductsOfVariants(tx: DbOrTx, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .insert(productStockStamps)
    .select(
      tx
        .selectDistinct({ productId: productVariants.productId, changeXid: sql<string>`${currentXid}`.as('change_xid') })
        .from(productVariants)
        .where(inArray(productVariants.id, variantIds)),
    )
    .onConflictDoUpdate({ target: productStockStamps.productId, set: { changeXid: currentXid } });
}

