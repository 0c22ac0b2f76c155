import type { stockAdjustmentInput } from '@tillbook/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { outlets, productVariants, stockLevels } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { changeStock, setStock } from '../stock/service.ts';
import { getProductRow } from './detail.ts';
import { recordHistory } from './history.ts';

/**
 * A manual stock adjustment from the product screen, with its reason, through the ledger; the
 * product's history records before → after.
 */
export async function adjustStock(db: Db, productId: number, input: z.output<typeof stockAdjustmentInput>, actor: AuditActor) {
  const userId = actor.id;
  const product = await getProductRow(db, productId);
  if (!product.trackStock) throw AppError.validation({ variantId: ['This product does not track stock.'] });
  const [variant] = await db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, productId)));
  if (!variant) throw AppError.validation({ variantId: ['This variant does not belong to the product.'] });
  const [outlet] = await db.select().from(outlets).where(eq(outlets.id, input.outletId));
  if (!outlet) throw AppError.validation({ outletId: ['This outlet does not exist.'] });
  const settings = await getShopSettings(db);

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ quantity: stockLevels.quantity })
      .from(stockLevels)
      .where(and(eq(stockLevels.outletId, input.outletId), eq(stockLevels.variantId, input.variantId)));
    const before = current?.quantity ?? 0;
    const base = { outletId: input.outletId, variantId: input.variantId, note: input.note, userId };
    const { quantityAfter } =
      input.mode === 'set'
        ? await setStock(tx, { ...base, reason: 'count', quantity: input.quantity })
        : await changeStock(tx, {
            ...base,
            reason: 'adjustment',
            delta: input.mode === 'add' ? input.quantity : -input.quantity,
            allowNegative: settings.allowNegativeStock,
          });
    const label = `${variant.name ? `${variant.name} ` : ''}stock at ${outlet.name}`;
    await recordHistory(tx, productId, userId, 'stock', [{ field: label, before, after: quantityAfter }]);
    const what = `${product.title}${variant.name ? ` ${variant.name}` : ''} (${variant.sku})`;
    await recordAudit(tx, actor, {
      action: 'stock.adjust',
      summary: `Stock of ${what} at ${outlet.name}: ${before} → ${quantityAfter}, ${input.note}`,
      subject: { type: 'product', id: productId },
      before: { sku: variant.sku, onHand: before },
      after: { sku: variant.sku, onHand: quantityAfter, mode: input.mode, quantity: input.quantity, reason: input.note },
      outletId: input.outletId,
    });
    return { variantId: input.variantId, outletId: input.outletId, quantity: quantityAfter };
  });
}
