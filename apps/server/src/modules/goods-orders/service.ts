import {
  GOODS_ORDER_MAX_ITEMS,
  goodsOrderNumber,
  goodsOrderStatusLabels,
  MAX_MONEY_TOTAL,
  MAX_QUANTITY,
  pricePurchase,
  pricePurchaseLine,
  type GoodsOrder,
  type GoodsOrderItem,
  type GoodsOrderStatus,
  type GoodsReceipt,
  type PurchaseLineInput,
  type goodsOrderAddItemInput,
  type goodsOrderCreateInput,
  type goodsOrderItemInput,
  type goodsOrderUpdateInput,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { toListItem } from './list.ts';
import {
  cancelOutstanding,
  deleteOrder,
  findItemDetails,
  findItems,
  findOrderHeader,
  findOutlet,
  findReceiptLines,
  findReceipts,
  findSupplier,
  findVariantsForLines,
  insertItem,
  insertOrder,
  lockOrder,
  replaceItems,
  updateItem,
  updateOrder,
  type GoodsOrderItemRow,
  type GoodsOrderRow,
  type ItemColumns,
  type ItemDetailRow,
  type ReceiptLineRow,
  type ReceiptRow,
} from './queries.ts';
import { recordGoodsOrderEvent } from './timeline.ts';

type CreateValues = z.output<typeof goodsOrderCreateInput>;
type UpdateValues = z.output<typeof goodsOrderUpdateInput>;
type ItemValues = z.output<typeof goodsOrderItemInput>;
type AddItemValues = z.output<typeof goodsOrderAddItemInput>;
type Errors = Record<string, string[]>;

/** "partially received": a status as a sentence says it. */
export const statusWords = (status: GoodsOrderStatus) => goodsOrderStatusLabels[status].toLowerCase();

/** Units of a line still to come: ordered less received and cancelled, never below zero. */
export function outstandingOf(item: Pick<GoodsOrderItemRow, 'quantity' | 'receivedQuantity' | 'cancelledQuantity'>): number {
  return Math.max(0, item.quantity - item.receivedQuantity - item.cancelledQuantity);
}

const lineTooLarge = 'This line comes to more than one goods order can hold: order fewer units or at a lower cost.';
const orderTooLarge = 'The goods order comes to more than one order can hold: split it into several orders.';

/**
 * A purchase line priced by the engine, or null when its total is beyond any amount the shop
 * stores (MAX_MONEY_TOTAL): such a line is refused on its quantity, never a server error.
 */
export function priceWithinLimits(line: PurchaseLineInput): ReturnType<typeof pricePurchaseLine> | null {
  try {
    const priced = pricePurchaseLine(line);
    return priced.total > MAX_MONEY_TOTAL ? null : priced;
  } catch {
    return null;
  }
}

/** Errors of lines whose totals, alone or together, are too large. */
function checkAmounts(lines: PurchaseLineInput[], fieldOf: (index: number) => string, errors: Errors) {
  let total = 0;
  lines.forEach((line, index) => {
    const priced = priceWithinLimits(line);
    if (!priced) errors[fieldOf(index)] ??= [lineTooLarge];
    else total += priced.total;
  });
  if (total > MAX_MONEY_TOTAL) errors.items ??= [orderTooLarge];
}

function toItem(row: ItemDetailRow): GoodsOrderItem {
  return {
    id: row.id,
    variantId: row.variantId,
    productId: row.productId,
    productTitle: row.productTitle,
    variantName: row.variantName,
    sku: row.sku,
    barcode: row.barcode,
    supplierSku: row.supplierSku,
    quantity: row.quantity,
    unitCost: row.unitCost,
    taxRateE4: row.taxRateE4,
    ...pricePurchaseLine(row),
    receivedQuantity: row.receivedQuantity,
    cancelledQuantity: row.cancelledQuantity,
    outstanding: outstandingOf(row),
    onHand: row.onHand,
    currentCost: row.currentCost,
  };
}

function toReceipt(receipt: ReceiptRow, rows: ReceiptLineRow[]): GoodsReceipt {
  const lines = rows
    .filter((r) => r.receipt_id === receipt.id)
    .map((r) => ({
      itemId: r.item_id,
      variantId: r.variant_id,
      productTitle: r.product_title,
      variantName: r.variant_name,
      sku: r.sku,
      quantity: r.quantity,
      unitCost: r.unit_cost,
      onHandBefore: r.on_hand_before,
      costBefore: r.cost_before,
      costAfter: r.cost_after,
      quantityAfter: r.quantity_after ?? 0,
    }));
  // The delivery's value at what it cost, before any tax: the engine's net of each line.
  const priced = pricePurchase(lines.map((l) => ({ quantity: l.quantity, unitCost: l.unitCost, taxRateE4: 0 })));
  return {
    id: receipt.id,
    goodsOrderId: receipt.goodsOrderId,
    userName: receipt.userName,
    note: receipt.note,
    units: priced.units,
    value: priced.net,
    lines,
    createdAt: receipt.createdAt.toISOString(),
  };
}

/** The receipts of an order (or one of them) with their lines. */
export async function readReceipts(db: DbOrTx, order: Pick<GoodsOrderRow, 'id' | 'outletId'>, receiptId?: number): Promise<GoodsReceipt[]> {
  const receipts = await findReceipts(db, order.id, receiptId);
  const lines = await findReceiptLines(
    db,
    order.outletId,
    receipts.map((r) => r.id),
  );
  return receipts.map((receipt) => toReceipt(receipt, lines));
}

/** The whole goods order for its page: lines with the engine's figures, deliveries, the supplier's address. */
export async function getGoodsOrder(db: DbOrTx, id: number): Promise<GoodsOrder> {
  const header = await findOrderHeader(db, id);
  if (!header) throw AppError.notFound();
  const [rows, receipts] = await Promise.all([findItemDetails(db, header.order), readReceipts(db, header.order)]);
  const items = rows.map(toItem);
  const priced = pricePurchase(items);
  const figures = {
    itemCount: items.length,
    units: priced.units,
    receivedUnits: items.reduce((sum, item) => sum + item.receivedQuantity, 0),
    net: priced.net,
    tax: priced.tax,
    total: priced.total,
  };
  return { ...toListItem(header, figures), supplierEmail: header.supplierEmail, items, receipts };
}

/** Supplier and outlet exist (and the supplier is active): the messages land on their fields. */
async function checkParties(db: DbOrTx, values: { supplierId: number; outletId: number }, errors: Errors) {
  const [supplier, outlet] = await Promise.all([findSupplier(db, values.supplierId), findOutlet(db, values.outletId)]);
  if (!supplier) errors.supplierId = ['The selected supplier does not exist.'];
  else if (!supplier.active) errors.supplierId = ['This supplier is inactive. Activate it before ordering from it.'];
  if (!outlet) errors.outletId = ['The selected outlet does not exist.'];
}

/**
 * A form's lines as stored: each variant exists, tracks stock and comes once; the supplier's SKU
 * for it is copied from its product link when the line gives none. Errors land on their line.
 */
async function checkItems(db: DbOrTx, supplierId: number, items: ItemValues[], errors: Errors): Promise<ItemColumns[]> {
  const variants = await findVariantsForLines(db, supplierId, [...new Set(items.map((item) => item.variantId))]);
  const seen = new Set<number>();
  items.forEach((item, index) => {
    const variant = variants.get(item.variantId);
    const field = `items.${index}.variantId`;
    if (seen.has(item.variantId)) errors[field] = ['This product is already on the order.'];
    else if (!variant) errors[field] = ['The selected product does not exist.'];
    else if (!variant.trackStock) errors[field] = ['This product does not track stock, so it cannot be ordered into stock.'];
    seen.add(item.variantId);
  });
  checkAmounts(items, (index) => `items.${index}.quantity`, errors);
  return items.map((item) => ({
    variantId: item.variantId,
    quantity: item.quantity,
    unitCost: item.unitCost,
    taxRateE4: item.taxRateE4,
    supplierSku: item.supplierSku ?? variants.get(item.variantId)?.supplierSku ?? null,
  }));
}

function throwIf(errors: Errors) {
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** POST /api/goods-orders/create: a draft with its lines, and "created" on its timeline. */
export async function createGoodsOrder(db: Db, values: CreateValues, userId: number | null): Promise<GoodsOrder> {
  const errors: Errors = {};
  await checkParties(db, values, errors);
  const items = await checkItems(db, values.supplierId, values.items, errors);
  throwIf(errors);
  const id = await db.transaction(async (tx) => {
    const orderId = await insertOrder(tx, { supplierId: values.supplierId, outletId: values.outletId, expectedAt: values.expectedAt, note: values.note, userId });
    await replaceItems(tx, orderId, items);
    await recordGoodsOrderEvent(tx, orderId, 'created', { number: goodsOrderNumber(orderId), lines: items.length }, userId);
    return orderId;
  });
  return getGoodsOrder(db, id);
}

function draftOnly(order: GoodsOrderRow): never {
  throw AppError.conflict(`Only a draft can be edited; this goods order is ${statusWords(order.status)}. Its expected date and note may still change while goods are to come.`);
}

/** The draft's own fields and lines, or the expected date and note while goods are still to come. */
async function applyFields(tx: DbOrTx, order: GoodsOrderRow, values: UpdateValues, userId: number | null): Promise<void> {
  const supplierId = values.supplierId ?? order.supplierId;
  const outletId = values.outletId ?? order.outletId;
  const changed: string[] = [];
  if (supplierId !== order.supplierId) changed.push('supplier');
  if (outletId !== order.outletId) changed.push('outlet');
  if (values.items !== undefined) changed.push('items');
  const datesChange = [
    values.expectedAt !== undefined && values.expectedAt !== order.expectedAt ? 'expected date' : null,
    values.note !== undefined && values.note !== order.note ? 'note' : null,
  ].filter((field): field is string => field !== null);

  if (changed.length && order.status !== 'draft') draftOnly(order);
  if (datesChange.length && (order.status === 'received' || order.status === 'cancelled')) {
    throw AppError.conflict(`This goods order is ${statusWords(order.status)}: it can no longer be changed.`);
  }
  if (changed.length === 0 && datesChange.length === 0) return;

  const errors: Errors = {};
  if (changed.includes('supplier') || changed.includes('outlet')) await checkParties(tx, { supplierId, outletId }, errors);
  const items = values.items === undefined ? undefined : await checkItems(tx, supplierId, values.items, errors);
  throwIf(errors);
  await updateOrder(tx, order.id, {
    supplierId,
    outletId,
    ...(values.expectedAt !== undefined && { expectedAt: values.expectedAt }),
    ...(values.note !== undefined && { note: values.note }),
  });
  if (items) await replaceItems(tx, order.id, items);
  await recordGoodsOrderEvent(tx, order.id, 'edited', { fields: [...changed, ...datesChange] }, userId);
}

/** `status` of PUT /edit: ordered, cancelled, or received (the rest cancelled). */
async function move(tx: DbOrTx, order: GoodsOrderRow, status: NonNullable<UpdateValues['status']>, userId: number | null): Promise<void> {
  const now = new Date();
  const refuse = (message: string): never => {
    throw AppError.validation({ status: [message] });
  };
  const items = await findItems(tx, order.id);
  const units = (pick: (item: GoodsOrderItemRow) => number) => items.reduce((sum, item) => sum + pick(item), 0);
  if (status === 'ordered') {
    if (order.status !== 'draft') refuse(`Only a draft can be marked as ordered; this goods order is ${statusWords(order.status)}.`);
    if (items.length === 0) throw AppError.validation({ items: ['Add at least one line before ordering.'] });
    await updateOrder(tx, order.id, { status: 'ordered', orderedAt: now });
    const priced = pricePurchase(items);
    await recordGoodsOrderEvent(tx, order.id, 'ordered', { lines: items.length, units: priced.units, total: priced.total }, userId);
    return;
  }
  if (status === 'cancelled') {
    if (order.status === 'partially_received') {
      refuse('Part of this goods order has arrived, so it cannot be cancelled. Cancel the rest instead: what arrived stays on record.');
    }
    if (order.status !== 'draft' && order.status !== 'ordered') refuse(`This goods order is ${statusWords(order.status)}: it cannot be cancelled.`);
    await cancelOutstanding(tx, order.id);
    await updateOrder(tx, order.id, { status: 'cancelled', cancelledAt: now });
    await recordGoodsOrderEvent(tx, order.id, 'cancelled', { from: order.status }, userId);
    return;
  }
  // "received": nothing more will come of a partially received order.
  if (order.status === 'draft') refuse('Mark the goods order as ordered before receiving it.');
  if (order.status === 'ordered') refuse('Nothing of this goods order has arrived yet: receive what came, or cancel the order.');
  if (order.status !== 'partially_received') refuse(`This goods order is ${statusWords(order.status)}: nothing more can be received.`);
  const rest = units(outstandingOf);
  await cancelOutstanding(tx, order.id);
  await updateOrder(tx, order.id, { status: 'received', receivedAt: now });
  await recordGoodsOrderEvent(tx, order.id, 'rest_cancelled', { units: rest }, userId);
}

/**
 * PUT /api/goods-orders/{id}/edit: the fields first, then the move, in one transaction with the
 * order locked (a receipt at the same moment waits, and then sees the new status).
 */
export async function updateGoodsOrder(db: Db, id: number, values: UpdateValues, userId: number | null): Promise<GoodsOrder> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw AppError.notFound();
    await applyFields(tx, order, values, userId);
    if (values.status) await move(tx, order, values.status, userId);
  });
  return getGoodsOrder(db, id);
}

/** DELETE /api/goods-orders/{id}: drafts only; the rest keep their history and are cancelled instead. */
export async function deleteGoodsOrder(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw AppError.notFound();
    if (order.status !== 'draft') throw AppError.conflict('Only a draft can be deleted. Cancel the order instead to keep its history.');
    await deleteOrder(tx, id);
  });
}

/** GET /api/goods-orders/{id}/items. */
export async function listGoodsOrderItems(db: DbOrTx, id: number): Promise<GoodsOrderItem[]> {
  const header = await findOrderHeader(db, id);
  if (!header) throw AppError.notFound();
  return (await findItemDetails(db, header.order)).map(toItem);
}

/**
 * POST /api/goods-orders/{id}/items: one line added to a draft (by search or a scan). The cost
 * defaults to the supplier's for the variant, else the variant's own; the same variant again adds
 * to its line's quantity (and takes the cost given, if any).
 */
export async function addGoodsOrderItem(db: Db, id: number, values: AddItemValues, userId: number | null): Promise<GoodsOrderItem> {
  const itemId = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw AppError.notFound();
    if (order.status !== 'draft') draftOnly(order);
    const variant = (await findVariantsForLines(tx, order.supplierId, [values.variantId])).get(values.variantId);
    if (!variant) throw AppError.validation({ variantId: ['The selected product does not exist.'] });
    if (!variant.trackStock) throw AppError.validation({ variantId: ['This product does not track stock, so it cannot be ordered into stock.'] });

    const items = await findItems(tx, order.id);
    const existing = items.find((item) => item.variantId === values.variantId);
    const unitCost = values.unitCost ?? existing?.unitCost ?? (variant.supplierCost || variant.cost);
    const quantity = (existing?.quantity ?? 0) + values.quantity;
    if (quantity > MAX_QUANTITY) {
      throw AppError.validation({ quantity: [`The line would hold ${quantity} units; at most ${MAX_QUANTITY} fit on one line.`] });
    }
    if (!existing && items.length >= GOODS_ORDER_MAX_ITEMS) {
      throw AppError.validation({ variantId: [`A goods order may have at most ${GOODS_ORDER_MAX_ITEMS} lines.`] });
    }
    const line = { quantity, unitCost, taxRateE4: existing?.taxRateE4 ?? values.taxRateE4 };
    const priced = priceWithinLimits(line);
    const others = items.filter((item) => item !== existing).reduce((sum, item) => sum + pricePurchaseLine(item).total, 0);
    if (!priced) throw AppError.validation({ quantity: [lineTooLarge] });
    if (others + priced.total > MAX_MONEY_TOTAL) throw AppError.validation({ quantity: [orderTooLarge] });

    const supplierSku = values.supplierSku ?? existing?.supplierSku ?? variant.supplierSku;
    const lineId = existing
      ? (await updateItem(tx, existing.id, { quantity, unitCost, supplierSku }), existing.id)
      : await insertItem(tx, order.id, { variantId: values.variantId, supplierSku, ...line });
    await updateOrder(tx, order.id, {});
    await recordGoodsOrderEvent(tx, order.id, 'edited', { fields: ['items'], variantId: values.variantId, added: values.quantity }, userId);
    return lineId;
  });
  const header = await findOrderHeader(db, id);
  const [row] = header ? await findItemDetails(db, header.order, itemId) : [];
  if (!row) throw new Error('The added line was not read back');
  return toItem(row);
}
