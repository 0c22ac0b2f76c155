import { goodsOrderCreateInput, goodsOrderUpdateInput, goodsReceiptInput, stockTransferInput } from '@tillbook/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { goodsOrders, outlets, supplierProducts, suppliers } from '../db/schema/index.ts';
import { receiveGoods } from '../modules/goods-orders/receive.ts';
import { createGoodsOrder, updateGoodsOrder } from '../modules/goods-orders/service.ts';
import { createTransfer } from '../modules/stock-transfers/service.ts';

/** The first `n` variants a supplier supplies, with its cost for each. */
async function suppliedBy(db: Db, supplierId: number, n: number) {
  return db
    .select({ variantId: supplierProducts.variantId, cost: supplierProducts.cost })
    .from(supplierProducts)
    .where(eq(supplierProducts.supplierId, supplierId))
    .orderBy(asc(supplierProducts.variantId))
    .limit(n);
}

/**
 * Demo purchasing (issue 13), through the same services as the screens: a goods order from the
 * first supplier to Main store, ordered and half received (stock and costs move through the
 * ledger); a draft for the second supplier; and a transfer from Main store to Harbour Road that
 * is in transit. Does nothing when goods orders already exist.
 */
export async function loadDemoPurchasing(db: Db, adminId: number | null): Promise<string | null> {
  const [anyOrder] = await db.select({ id: goodsOrders.id }).from(goodsOrders).limit(1);
  if (anyOrder) return null;
  const outletRows = await db.select({ id: outlets.id, code: outlets.code }).from(outlets);
  const main = outletRows.find((o) => o.code === 'MAIN');
  const harbour = outletRows.find((o) => o.code !== 'MAIN');
  const [first, second] = await db.select({ id: suppliers.id }).from(suppliers).orderBy(asc(suppliers.id)).limit(2);
  if (!main || !harbour || !first || !second || adminId === null) return null;

  const firstLines = await suppliedBy(db, first.id, 4);
  const ordered = await createGoodsOrder(
    db,
    goodsOrderCreateInput.parse({
      supplierId: first.id,
      outletId: main.id,
      note: 'Weekly top-up',
      items: firstLines.map((l, i) => ({ variantId: l.variantId, quantity: 12 + 6 * i, unitCost: l.cost })),
    }),
    adminId,
  );
  await updateGoodsOrder(db, ordered.id, goodsOrderUpdateInput.parse({ status: 'ordered' }), adminId);
  await receiveGoods(
    db,
    ordered.id,
    goodsReceiptInput.parse({ items: ordered.items.slice(0, 2).map((item) => ({ itemId: item.id, quantity: item.quantity })), note: 'First pallet' }),
    adminId,
  );

  const secondLines = await suppliedBy(db, second.id, 3);
  await createGoodsOrder(
    db,
    goodsOrderCreateInput.parse({ supplierId: second.id, outletId: main.id, items: secondLines.map((l) => ({ variantId: l.variantId, quantity: 10, unitCost: l.cost })) }),
    adminId,
  );

  await createTransfer(
    db,
    stockTransferInput.parse({
      fromOutletId: main.id,
      toOutletId: harbour.id,
      note: 'Restock the harbour shop',
      items: ordered.items.slice(0, 2).map((item) => ({ variantId: item.variantId, quantity: 3 })),
      status: 'sent',
    }),
    adminId,
  );
  return 'a half-received goods order, a draft and a transfer in transit';
}
