import type { StockMovement, stockAdjustmentInput } from '@tillbook/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { outlets, productVariants, stockLevels, stockMovements, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { paginate } from '../../lib/list.ts';
import { getShopSettings } from '../settings/service.ts';
import { changeStock, setStock } from '../stock/service.ts';
import { getProductRow } from './detail.ts';
import { recordHistory } from './history.ts';

/**
 * A manual stock adjustment from the product screen, with its reason, through the ledger; the
 * product's history records before → after.
 */
export async function adjustStock(db: Db, productId: number, input: z.output<typeof stockAdjustmentInput>, userId: number | null) {
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
    return { variantId: input.variantId, outletId: input.outletId, quantity: quantityAfter };
  });
}

export async function listMovements(db: Db, productId: number, query: { page: number; perPage: number }) {
  await getProductRow(db, productId);
  const where = eq(productVariants.productId, productId);
  return paginate<StockMovement>(
    query,
    async () =>
      (await db.select({ n: count() }).from(stockMovements).innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId)).where(where))[0]
        ?.n ?? 0,
    async (limit, offset) => {
      const rows = await db
        .select({ m: stockMovements, outletName: outlets.name, variantName: productVariants.name, userName: users.name })
        .from(stockMovements)
        .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
        .innerJoin(outlets, eq(outlets.id, stockMovements.outletId))
        .leftJoin(users, eq(users.id, stockMovements.userId))
        .where(where)
        .orderBy(desc(stockMovements.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ m, outletName, variantName, userName }) => ({
        id: m.id,
        outletId: m.outletId,
        outletName,
        variantId: m.variantId,
        variantName,
        delta: m.delta,
        quantityAfter: m.quantityAfter,
        reason: m.reason,
        note: m.note,
        user: m.userId !== null && userName !== null ? { id: m.userId, name: userName } : null,
        createdAt: m.createdAt.toISOString(),
      }));
    },
  );
}
