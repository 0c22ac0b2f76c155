import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { outlets } from './outlets.ts';
import { productVariants } from './products.ts';
import { suppliers } from './suppliers.ts';
import { users } from './users.ts';

export const goodsOrderStatuses = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type GoodsOrderStatus = (typeof goodsOrderStatuses)[number];

/**
 * An order placed with one supplier for one outlet (issue 13). Its number is PO- and the id
 * (PO-000042). A draft may be edited and deleted; ordered and later ones keep their history.
 */
export const goodsOrders = pgTable(
  'goods_orders',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull().default('draft').$type<GoodsOrderStatus>(),
    /** The day the goods are expected (the shop's calendar day). */
    expectedAt: date('expected_at', { mode: 'string' }),
    note: varchar('note', { length: 2000 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goods_orders_created_idx').on(t.createdAt, t.id),
    index('goods_orders_supplier_idx').on(t.supplierId, t.createdAt),
    index('goods_orders_outlet_idx').on(t.outletId, t.createdAt),
    index('goods_orders_status_idx').on(t.status, t.createdAt),
    check('goods_orders_status_check', sql`${t.status} in ('draft', 'ordered', 'partially_received', 'received', 'cancelled')`),
  ],
);

/**
 * A line of a goods order: a variant, how many, at which cost and tax rate (basis points), with the
 * supplier's SKU copied when it was added. `receivedQuantity` grows with each receipt; once the
 * rest of an order is cancelled, `cancelledQuantity` holds what will not come.
 */
export const goodsOrderItems = pgTable(
  'goods_order_items',
  {
    id: serial('id').primaryKey(),
    goodsOrderId: integer('goods_order_id')
      .notNull()
      .references(() => goodsOrders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    supplierSku: varchar('supplier_sku', { length: 64 }),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull(),
    /** Tax on the purchase as a rateE4 (200000 = 20 %), added on top of the cost (docs/decisions/009). */
    taxRateE4: integer('tax_rate_e4').notNull().default(0),
    receivedQuantity: bigint('received_quantity', { mode: 'number' }).notNull().default(0),
    cancelledQuantity: bigint('cancelled_quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('goods_order_items_order_idx').on(t.goodsOrderId, t.position), index('goods_order_items_variant_idx').on(t.variantId)],
);

/** One delivery counted in against a goods order: GR lines say what came, at which cost. */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: serial('id').primaryKey(),
    goodsOrderId: integer('goods_order_id')
      .notNull()
      .references(() => goodsOrders.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: varchar('note', { length: 2000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('goods_receipts_order_idx').on(t.goodsOrderId, t.id)],
);

/** A received line: the units that went into stock, their cost, and the variant's cost before and after (weighted average). */
export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    goodsReceiptId: integer('goods_receipt_id')
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    goodsOrderItemId: integer('goods_order_item_id')
      .notNull()
      .references(() => goodsOrderItems.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull(),
    /** Units of the variant on hand at all outlets just before, and its cost before and after. */
    onHandBefore: bigint('on_hand_before', { mode: 'number' }).notNull(),
    costBefore: bigint('cost_before', { mode: 'number' }).notNull(),
    costAfter: bigint('cost_after', { mode: 'number' }).notNull(),
  },
  (t) => [index('goods_receipt_lines_receipt_idx').on(t.goodsReceiptId), index('goods_receipt_lines_item_idx').on(t.goodsOrderItemId)],
);

export type GoodsOrderEventKind = 'created' | 'edited' | 'ordered' | 'emailed' | 'email_failed' | 'downloaded' | 'received' | 'cancelled' | 'rest_cancelled';

/** A goods order's timeline: created, ordered, e-mailed to the supplier, each receipt, cancelled — who and when. */
export const goodsOrderEvents = pgTable(
  'goods_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    goodsOrderId: integer('goods_order_id')
      .notNull()
      .references(() => goodsOrders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull().$type<GoodsOrderEventKind>(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('goods_order_events_order_idx').on(t.goodsOrderId, t.id)],
);
