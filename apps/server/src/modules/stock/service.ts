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
  const after = await moveStock(tx, change.outletId, [{ variantId: change.variantId, delta: change.delta }], {
    reason: change.reason,
    note: change.note ?? null,
    documentType: change.document?.type ?? null,
    documentId: change.document?.id ?? null,
    userId: change.userId,
  });
  const quantityAfter = after.get(change.variantId) ?? change.delta;
  if (quantityAfter < 0 && change.delta < 0 && !change.allowNegative) {
    throw AppError.validation({
      quantity: [`Not enough stock: this would leave ${quantityAfter} at the outlet, and selling below zero is not allowed.`],
    });
  }
  return { quantityAfter };
}

export type StockMove = { variantId: number; delta: number; unitCost?: number };
export type StockDocument = { reason: StockReason; note: string | null; documentType: string | null; documentId: number | null; userId: number | null };

/**
 * Moves several variants at one outlet through the ledger in one `move_stock` statement (a goods
 * receipt, a transfer's sending or arrival), each move at its own cost per unit when given, else
 * the variant's. Answers the levels after, by variant; whether one may be below zero is the caller's.
 */
export async function moveStock(tx: DbOrTx, outletId: number, moves: StockMove[], document: StockDocument): Promise<Map<number, number>> {
  if (!moves.length) return new Map();
  const json = JSON.stringify(moves.map((m) => ({ variant_id: m.variantId, delta: m.delta, unit_cost: m.unitCost ?? null })));
  const rows = await execute<{ variant_id: number; quantity_after: number | string }>(
    tx,
    sql`select variant_id, quantity_after from move_stock(${outletId}, ${json}::jsonb, ${document.reason}, ${document.note},
      ${document.documentType}, ${document.documentId}, ${document.userId})`,
  );
  return new Map(rows.map((r) => [Number(r.variant_id), Number(r.quantity_after)]));
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
