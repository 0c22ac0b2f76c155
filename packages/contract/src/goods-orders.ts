import { z } from 'zod';
import { dataOf } from './common.ts';
import { dateField, idField, integerField, moneyField, optionalDateField, optionalEmail, optionalMultiLineText, optionalText, queryId, MAX_QUANTITY } from './fields.ts';
import { listQuery, pageMeta, paginated, sortQuery } from './pagination.ts';

/**
 * Goods orders (issue 13; SPEC.md §2 goods-orders, §7 /api/goods-orders): an order placed with one
 * supplier for one outlet, received into stock in one or more deliveries.
 *
 *   draft → ordered → partially_received → received
 *   draft | ordered → cancelled            (a partially received order cancels its rest instead)
 */
export const goodsOrderStatuses = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type GoodsOrderStatus = (typeof goodsOrderStatuses)[number];
export const goodsOrderStatusLabels: Record<GoodsOrderStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** At most this many lines on one goods order. */
export const GOODS_ORDER_MAX_ITEMS = 2000;
/** A tax on a purchase is at most 100 % (rateE4). */
export const PURCHASE_TAX_MAX_E4 = 1_000_000;

const quantityField = (label = 'quantity') => integerField(label, { min: 1, max: MAX_QUANTITY });

/** A line as a form sends it. `supplierSku` left out is copied from the supplier's product link. */
export const goodsOrderItemInput = z.object({
  variantId: idField('product'),
  quantity: quantityField(),
  unitCost: moneyField('unit cost'),
  taxRateE4: integerField('tax rate', { min: 0, max: PURCHASE_TAX_MAX_E4 }).default(0),
  supplierSku: optionalText('supplier SKU', 64),
});
export type GoodsOrderItemInput = z.input<typeof goodsOrderItemInput>;

const goodsOrderItems = z
  .array(goodsOrderItemInput, { error: 'The items must be a list.' })
  .max(GOODS_ORDER_MAX_ITEMS, `A goods order may have at most ${GOODS_ORDER_MAX_ITEMS} lines.`);

/** POST /api/goods-orders/create: a draft. */
export const goodsOrderCreateInput = z.object({
  supplierId: idField('supplier'),
  outletId: idField('outlet'),
  expectedAt: optionalDateField('expected date'),
  note: optionalMultiLineText('note', 2000),
  items: goodsOrderItems.default([]),
});
export type GoodsOrderCreateInput = z.input<typeof goodsOrderCreateInput>;

/**
 * PUT /api/goods-orders/{id}/edit: a draft's fields (the whole form, items replaced), or a move:
 * `{status: "ordered"}` places it, `{status: "cancelled"}` cancels a draft or an ordered one, and
 * `{status: "received"}` on a partially received order cancels what has not come (it is then received).
 * `expectedAt` and `note` may still change on an ordered or partially received order.
 */
export const goodsOrderUpdateInput = z.object({
  supplierId: idField('supplier').optional(),
  outletId: idField('outlet').optional(),
  // Left out, they stay as they are (a move such as `{status: "ordered"}` keeps the note); null or "" clears them.
  expectedAt: optionalDateField('expected date').optional(),
  note: optionalMultiLineText('note', 2000).optional(),
  items: goodsOrderItems.optional(),
  status: z.enum(['ordered', 'cancelled', 'received'], { error: 'The status must be ordered, cancelled or received.' }).optional(),
});
export type GoodsOrderUpdateInput = z.input<typeof goodsOrderUpdateInput>;

/** POST /api/goods-orders/{id}/items: one line added to a draft (the same variant again adds to its quantity). */
export const goodsOrderAddItemInput = goodsOrderItemInput.extend({ unitCost: moneyField('unit cost').optional() });
export type GoodsOrderAddItemInput = z.input<typeof goodsOrderAddItemInput>;

/**
 * POST /api/goods-orders/{id}/receive: what arrived, per line. More than is still to come is an
 * over-receipt: refused unless `allowOver` says the person confirmed it. `unitCost` is what the
 * delivery cost per unit when it differs from the order (the invoice); it defaults to the line's.
 */
export const goodsReceiptInput = z.object({
  items: z
    .array(
      z.object({
        itemId: idField('line'),
        quantity: integerField('quantity', { min: 0, max: MAX_QUANTITY }),
        unitCost: moneyField('unit cost').optional(),
      }),
      { error: 'The items must be a list.' },
    )
    .min(1, 'Count at least one line that arrived.')
    .max(GOODS_ORDER_MAX_ITEMS, `A delivery may have at most ${GOODS_ORDER_MAX_ITEMS} lines.`),
  allowOver: z.boolean({ error: 'The over-receipt confirmation must be true or false.' }).default(false),
  note: optionalMultiLineText('note', 2000),
});
export type GoodsReceiptInput = z.input<typeof goodsReceiptInput>;

/** POST /api/goods-orders/{id}/email: the purchase order as a PDF to the supplier (their address unless another is given). */
export const goodsOrderEmailInput = z.object({ to: optionalEmail(), message: optionalMultiLineText('message', 2000) });
export type GoodsOrderEmailInput = z.input<typeof goodsOrderEmailInput>;
/** The answer of POST /api/goods-orders/{id}/email: where it went, and the mail server's id for it. */
export const goodsOrderEmailResult = dataOf(z.object({ sentTo: z.string(), messageId: z.string() }));

/** GET /api/goods-orders/low-stock?supplierId=…&outletId=…: the supplier's variants that are low at the outlet, with what would bring each to its reorder level. */
export const goodsOrderLowStockQuery = z.object({ supplierId: queryId('supplier'), outletId: queryId('outlet') });

export const goodsOrderItem = z.object({
  id: z.number().int(),
  variantId: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  supplierSku: z.string().nullable(),
  quantity: z.number().int(),
  unitCost: z.number().int(),
  taxRateE4: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  receivedQuantity: z.number().int(),
  cancelledQuantity: z.number().int(),
  /** Still to come: quantity − received − cancelled, never below zero. */
  outstanding: z.number().int(),
  /** On hand at the order's outlet now, and the variant's cost now. */
  onHand: z.number().int(),
  currentCost: z.number().int(),
});
export type GoodsOrderItem = z.infer<typeof goodsOrderItem>;

const goodsOrderFields = {
  id: z.number().int(),
  number: z.string(),
  status: z.enum(goodsOrderStatuses),
  supplierId: z.number().int(),
  supplierName: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  expectedAt: z.string().nullable(),
  note: z.string().nullable(),
  itemCount: z.number().int(),
  units: z.number().int(),
  receivedUnits: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  userName: z.string().nullable(),
  orderedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const goodsOrderListItem = z.object(goodsOrderFields);
export type GoodsOrderListItem = z.infer<typeof goodsOrderListItem>;

export const goodsReceiptLine = z.object({
  itemId: z.number().int(),
  variantId: z.number().int(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitCost: z.number().int(),
  /** Units on hand at all outlets before the delivery, and the variant's cost before and after it. */
  onHandBefore: z.number().int(),
  costBefore: z.number().int(),
  costAfter: z.number().int(),
  /** The outlet's level once the units were added. */
  quantityAfter: z.number().int(),
});
export type GoodsReceiptLine = z.infer<typeof goodsReceiptLine>;

export const goodsReceipt = z.object({
  id: z.number().int(),
  goodsOrderId: z.number().int(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
  units: z.number().int(),
  value: z.number().int(),
  lines: z.array(goodsReceiptLine),
  createdAt: z.string(),
});
export type GoodsReceipt = z.infer<typeof goodsReceipt>;

export const goodsOrder = z.object({
  ...goodsOrderFields,
  supplierEmail: z.string().nullable(),
  items: z.array(goodsOrderItem),
  receipts: z.array(goodsReceipt),
});
export type GoodsOrder = z.infer<typeof goodsOrder>;

export const goodsOrderEventKinds = ['created', 'edited', 'ordered', 'emailed', 'email_failed', 'downloaded', 'received', 'cancelled', 'rest_cancelled'] as const;
export type GoodsOrderEventKind = (typeof goodsOrderEventKinds)[number];
export const goodsOrderEvent = z.object({
  id: z.string(),
  kind: z.enum(goodsOrderEventKinds),
  detail: z.record(z.string(), z.unknown()).nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type GoodsOrderEvent = z.infer<typeof goodsOrderEvent>;

/** The list's filters; `from`/`to` are whole days in the shop's time zone (the order's creation), both included. */
export const goodsOrderListQuery = listQuery.extend({
  sort: sortQuery(['-createdAt', 'expectedAt', 'total', 'number']),
  status: z.enum(goodsOrderStatuses, { error: 'The status must be draft, ordered, partially received, received or cancelled.' }).optional(),
  supplierId: queryId('supplier').optional(),
  outletId: queryId('outlet').optional(),
  from: dateField('from date').optional(),
  to: dateField('to date').optional(),
});
export type GoodsOrderListQuery = z.input<typeof goodsOrderListQuery>;

export const goodsOrderPage = paginated(goodsOrderListItem).extend({
  meta: pageMeta.extend({ totals: z.object({ count: z.number().int(), total: z.number().int() }) }),
});
export type GoodsOrderPage = z.infer<typeof goodsOrderPage>;
export const goodsOrderResult = dataOf(goodsOrder);
export const goodsOrderItemsResult = dataOf(z.array(goodsOrderItem));
export const goodsOrderItemResult = dataOf(goodsOrderItem);
export const goodsReceiptResult = dataOf(goodsReceipt.extend({ order: goodsOrder }));
export const goodsOrderTimelineResult = dataOf(z.array(goodsOrderEvent));

/** A low-stock suggestion: the variant, what the supplier calls it and charges, and how many reach the reorder level. */
export const lowStockSuggestion = z.object({
  variantId: z.number().int(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  supplierSku: z.string().nullable(),
  cost: z.number().int(),
  onHand: z.number().int(),
  /** Already on open goods orders of this outlet, not yet received. */
  onOrder: z.number().int(),
  reorderLevel: z.number().int(),
  quantity: z.number().int(),
});
export type LowStockSuggestion = z.infer<typeof lowStockSuggestion>;
export const lowStockSuggestionsResult = dataOf(z.array(lowStockSuggestion));
