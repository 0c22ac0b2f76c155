import { MAX_MONEY_TOTAL, weightedAverageCost, type GoodsOrder, type GoodsReceipt, type goodsReceiptInput } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  findItems,
  insertProductHistory,
  insertReceipt,
  lockOrder,
  lockVariants,
  setVariantCosts,
  sumOnHand,
  updateOrder,
  writeReceivedLines,
  type GoodsOrderItemRow,
  type ReceivedLine,
} from './queries.ts';
import { getGoodsOrder, outstandingOf, priceWithinLimits, statusWords } from './service.ts';
import { recordGoodsOrderEvent } from './timeline.ts';

type ReceiveValues = z.output<typeof goodsReceiptInput>;
type Wanted = { item: GoodsOrderItemRow; quantity: number; unitCost: number };

/** The delivery's lines against the order's: each line known and counted once, over-receipts confirmed, zeros left out. */
function checkDelivery(items: GoodsOrderItemRow[], input: ReceiveValues): Wanted[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  const wanted: Wanted[] = [];
  let value = 0;
  input.items.forEach((line, index) => {
    const item = byId.get(line.itemId);
    if (!item) {
      errors[`items.${index}.itemId`] = ['This line is not on the goods order.'];
      return;
    }
    if (seen.has(item.id)) {
      errors[`items.${index}.itemId`] = ['This line is already counted in this delivery.'];
      return;
    }
    seen.add(item.id);
    if (line.quantity === 0) return;
    const outstanding = outstandingOf(item);
    if (line.quantity > outstanding && !input.allowOver) {
      errors[`items.${index}.quantity`] = [
        outstanding > 0
          ? `Only ${outstanding} of this line are still to come. Confirm to receive ${line.quantity}.`
          : `All of this line has arrived. Confirm to receive ${line.quantity} more.`,
      ];
      return;
    }
    const unitCost = line.unitCost ?? item.unitCost;
    const priced = priceWithinLimits({ quantity: line.quantity, unitCost, taxRateE4: 0 });
    if (!priced) {
      errors[`items.${index}.quantity`] = ['This line of the delivery comes to more than one delivery can hold: receive it in several deliveries.'];
      return;
    }
    value += priced.net;
    wanted.push({ item, quantity: line.quantity, unitCost });
  });
  if (value > MAX_MONEY_TOTAL) errors.items ??= ['The delivery comes to more than one delivery can hold: receive it in several deliveries.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
  if (wanted.length === 0) throw AppError.validation({ items: ['Count at least one line that arrived.'] });
  return wanted;
}

/**
 * POST /api/goods-orders/{id}/receive: a delivery counted in, in ONE transaction, in a fixed number
 * of statements however many lines it has (500 lines stay well under a second, bench/goods-orders.ts).
 *
 * The order row is locked first: two people receiving the same order take turns, and the second
 * is checked against what the first received (never stock added twice). Then the variants are
 * locked in id order and their stock at every outlet read, so two orders delivering the same
 * variant at once each average against the other's result. Each variant's cost becomes the
 * weighted average of its stock and the delivery (docs/decisions/021-weighted-average-cost.md);
 * the product's history records the change. The receipt and its lines keep the stock and cost
 * before and after; the stock goes in through the ledger (move_stock once: reason "received",
 * the goods order as the document, each move at its received cost); the lines' received
 * quantities and the order's status follow, and the timeline says who received what.
 */
export async function receiveGoods(db: Db, id: number, input: ReceiveValues, userId: number | null): Promise<GoodsReceipt & { order: GoodsOrder }> {
  const receiptId = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw AppError.notFound();
    if (order.status === 'draft') throw AppError.validation({ status: ['Mark the goods order as ordered before receiving it.'] });
    if (order.status === 'received' || order.status === 'cancelled') {
      throw AppError.validation({ status: [`This goods order is ${statusWords(order.status)}: nothing more can be received.`] });
    }
    const items = await findItems(tx, id);
    const wanted = checkDelivery(items, input);

    const variantIds = wanted.map((w) => w.item.variantId);
    const variants = await lockVariants(tx, variantIds);
    // Read once the locks are held: a delivery of the same variant that went first is counted in.
    const onHand = await sumOnHand(tx, variantIds);
    const variantOf = new Map(variants.map((v) => [v.id, v]));
    const lines: ReceivedLine[] = wanted.map(({ item, quantity, unitCost }) => {
      const variant = variantOf.get(item.variantId);
      if (!variant) throw new Error(`Variant ${item.variantId} of a goods order line was not found`);
      const onHandBefore = onHand.get(variant.id) ?? 0;
      const costAfter = weightedAverageCost({ onHand: onHandBefore, costBefore: variant.cost, received: quantity, receivedCost: unitCost });
      return { item_id: item.id, variant_id: variant.id, quantity, unit_cost: unitCost, on_hand_before: onHandBefore, cost_before: variant.cost, cost_after: costAfter };
    });

    const changed = lines.filter((line) => line.cost_after !== line.cost_before);
    const historyByProduct = new Map<number, Array<{ field: string; before: number; after: number }>>();
    for (const line of changed) {
      const variant = variantOf.get(line.variant_id)!;
      const changes = historyByProduct.get(variant.productId) ?? [];
      changes.push({ field: `${variant.name ? `${variant.name} ` : ''}cost`, before: line.cost_before, after: line.cost_after });
      historyByProduct.set(variant.productId, changes);
    }
    await setVariantCosts(
      tx,
      changed.map((line) => ({ id: line.variant_id, cost: line.cost_after })),
      [...historyByProduct.keys()].sort((a, b) => a - b),
    );
    await insertProductHistory(
      tx,
      [...historyByProduct].map(([productId, changes]) => ({ productId, userId, action: 'goods received', changes })),
    );

    const receipt = await insertReceipt(tx, { goodsOrderId: id, userId, note: input.note });
    await writeReceivedLines(tx, { id: receipt, goodsOrderId: id, outletId: order.outletId, userId }, lines);

    const received = new Map(wanted.map((w) => [w.item.id, w.quantity]));
    const stillToCome = items.reduce((sum, item) => sum + outstandingOf({ ...item, receivedQuantity: item.receivedQuantity + (received.get(item.id) ?? 0) }), 0);
    const done = stillToCome === 0;
    await updateOrder(tx, id, done ? { status: 'received', receivedAt: new Date() } : { status: 'partially_received' });
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    const over = wanted.some((w) => w.quantity > outstandingOf(w.item));
    await recordGoodsOrderEvent(tx, id, 'received', { receiptId: receipt, lines: lines.length, units, stillToCome, ...(over && { over: true }) }, userId);
    return receipt;
  });
  const order = await getGoodsOrder(db, id);
  const receipt = order.receipts.find((r) => r.id === receiptId);
  if (!receipt) throw new Error('The goods receipt was not read back');
  return { ...receipt, order };
}
