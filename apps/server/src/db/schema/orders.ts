import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { approvals } from './audit.ts';
import { cashboxSessions } from './cashbox.ts';
import { coupons } from './coupons.ts';
import { customers } from './customers.ts';
import { outlets } from './outlets.ts';
import { productVariants, products } from './products.ts';
import { receiptTemplates } from './receipts.ts';
import { registers } from './registers.ts';
import { rewards } from './rewards.ts';
import { users } from './users.ts';

export type OrderTaxJson = Array<{ id: number; name: string; rateE4: number; isInclusive: boolean; isCompound: boolean; base: number; amount: number }>;
export type OrderChargeJson = Array<{ id: number; name: string; kind: 'fixed' | 'percentage'; isTaxable: boolean; amount: number; net: number; tax: number }>;

/** The last sale number of each outlet: MAIN-000123 (sequential per outlet, no gaps). */
export const outletOrderCounters = pgTable('outlet_order_counters', {
  outletId: integer('outlet_id')
    .primaryKey()
    .references(() => outlets.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * A sale. `uuid` is made by the register: the same uuid twice is the same sale (idempotent).
 * Amounts are the pricing engine's, copied at the sale and never edited.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull(),
    number: varchar('number', { length: 30 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('paid').$type<'paid' | 'partially_refunded' | 'refunded'>(),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    registerId: integer('register_id').references(() => registers.id, { onDelete: 'restrict' }),
    cashboxSessionId: integer('cashbox_session_id').references(() => cashboxSessions.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: varchar('coupon_code', { length: 40 }),
    receiptTemplateId: integer('receipt_template_id').references(() => receiptTemplates.id, { onDelete: 'set null' }),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    lineDiscountTotal: bigint('line_discount_total', { mode: 'number' }).notNull(),
    orderDiscountTotal: bigint('order_discount_total', { mode: 'number' }).notNull(),
    chargeTotal: bigint('charge_total', { mode: 'number' }).notNull(),
    netTotal: bigint('net_total', { mode: 'number' }).notNull(),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    change: bigint('change', { mode: 'number' }).notNull().default(0),
    /** The sale's taxes summed per tax (receipt and tax report). */
    taxes: jsonb('taxes').notNull().$type<OrderTaxJson>(),
    note: varchar('note', { length: 1000 }),
    /** Labels staff give an order after the sale ("online", "invoice sent"). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Loyalty (issue 14): the reward taken, as named then, and the points the sale redeemed and earned. */
    rewardId: integer('reward_id').references(() => rewards.id, { onDelete: 'restrict' }),
    rewardName: varchar('reward_name', { length: 120 }),
    rewardKind: varchar('reward_kind', { length: 12 }).$type<'amount' | 'percentage' | 'product'>(),
    rewardPoints: bigint('reward_points', { mode: 'number' }).notNull().default(0),
    rewardDiscount: bigint('reward_discount', { mode: 'number' }).notNull().default(0),
    /** Points taken from the balance: the reward's and the points tender's. */
    pointsRedeemed: bigint('points_redeemed', { mode: 'number' }).notNull().default(0),
    /** Money the points tender paid: total = paid − change + points_paid. */
    pointsPaid: bigint('points_paid', { mode: 'number' }).notNull().default(0),
    pointsEarned: bigint('points_earned', { mode: 'number' }).notNull().default(0),
    /** Money the customer's store credit paid (issue 16): total = paid − change + points_paid + store_credit_paid. */
    storeCreditPaid: bigint('store_credit_paid', { mode: 'number' }).notNull().default(0),
    /** Money taken for gift cards sold (issue 16): owed, not revenue, so outside `total`. */
    giftCardsSold: bigint('gift_cards_sold', { mode: 'number' }).notNull().default(0),
    /** What gift cards paid of the goods: paid − change = total − points_paid − store_credit_paid − gift_cards_paid + gift_cards_sold. */
    giftCardsPaid: bigint('gift_cards_paid', { mode: 'number' }).notNull().default(0),
    /** What the goods returned in an exchange paid of this sale (the refund's `exchange`): not a drawer tender. */
    exchangeCredit: bigint('exchange_credit', { mode: 'number' }).notNull().default(0),
    /** The administrator who approved a discount or price beyond the cashier's right. */
    approvalId: integer('approval_id').references(() => approvals.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_uuid_unique').on(t.uuid),
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_outlet_created_idx').on(t.outletId, t.createdAt),
    index('orders_session_idx').on(t.cashboxSessionId),
    // Most sales have no customer and no coupon: partial indexes leave those sales out (fewer writes per sale).
    index('orders_customer_idx').on(t.customerId, t.createdAt).where(sql`${t.customerId} is not null`),
    index('orders_reward_idx').on(t.rewardId).where(sql`${t.rewardId} is not null`),
    index('orders_coupon_customer_idx').on(t.couponId, t.customerId).where(sql`${t.couponId} is not null`),
    check('orders_status_check', sql`${t.status} in ('paid', 'partially_refunded', 'refunded')`),
  ],
);

/** A sold line: name, SKU, price, taxes and charges copied from the catalogue at the sale. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    variantName: varchar('variant_name', { length: 200 }).notNull().default(''),
    sku: varchar('sku', { length: 64 }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** Cost of one unit at the sale (for profit reports). */
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    orderDiscount: bigint('order_discount', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    chargeTotal: bigint('charge_total', { mode: 'number' }).notNull(),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    taxes: jsonb('taxes').notNull().$type<OrderTaxJson>(),
    charges: jsonb('charges').notNull().$type<OrderChargeJson>(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), index('order_lines_variant_idx').on(t.variantId)],
);

/** How a sale was paid: per tender, what was handed over and the change given. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    cashboxSessionId: integer('cashbox_session_id').references(() => cashboxSessions.id, { onDelete: 'restrict' }),
    tender: varchar('tender', { length: 10 }).notNull().$type<'cash' | 'card' | 'other'>(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    tendered: bigint('tendered', { mode: 'number' }).notNull(),
    change: bigint('change', { mode: 'number' }).notNull().default(0),
    reference: varchar('reference', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId),
    index('order_payments_session_idx').on(t.cashboxSessionId, t.tender),
    check('order_payments_tender_check', sql`${t.tender} in ('cash', 'card', 'other')`),
  ],
);

export type OrderEventKind = 'created' | 'printed' | 'emailed' | 'email_failed' | 'refunded' | 'edited';

/** An order's timeline: created, printed, e-mailed, refunded, edited — who and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull().$type<OrderEventKind>(),
    /** What the event needs to be told: the address e-mailed, the refund's number, the fields edited. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
