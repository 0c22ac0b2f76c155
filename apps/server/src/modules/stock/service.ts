import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { products, stockLevels, type StockReason } from '../../db/schema/index.ts';
import { currentXid } from '../../db/schema/catalogue-sync.ts';
import { AppError } from '../../lib/errors.ts';
export { addOutletToProductStock, rebuildProductStock, refreshProductStock, removeOutletFromProductStock } from './product-stock.ts';

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
 * Changes a stock level through the ledger (DESIGN.md §4, §6) with the database function
 * `move_stock` (db/functions/move_stock.sql), the ledger's one write, which sales use too:
 * `quantity = quantity + delta` in SQL — never read-modify-write — with the movement row and the
 * register-sync stamp in the same statement. Going below zero when that is not allowed answers 422
 * and the caller's transaction rolls back.
 */
export async function changeStock(tx: DbOrTx, change: StockChange): Promise<{ quantityAfter: number }> {
  const moves = JSON.stringify([{ variant_id: change.variantId, delta: change.delta }]);
  const [moved] = await execute<{ quantity_after: number }>(
    tx,
    sql`select quantity_after from move_stock(${change.outletId}, ${moves}, ${change.reason}, ${change.note ?? null},
      ${change.document?.type ?? null}, ${change.document?.id ?? null}, ${change.userId})`,
  );
  const quantityAfter = Number(moved?.quantity_after ?? change.delta);
  if (quantityAfter < 0 && change.delta < 0 && !change.allowNegative) {
    throw AppError.validation({
      quantity: [`Not enough stock: this would leave ${quantityAfter} at the outlet, and selling below zero is not allowed.`],
    });
  }
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
