import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { approvals } from './audit.ts';
import { cashboxSessions } from './cashbox.ts';
import { customers } from './customers.ts';
import { orderLines, orders, type OrderTaxJson } from './orders.ts';
import { outlets } from './outlets.ts';
import { productVariants } from './products.ts';
import { registers } from './registers.ts';
import { users } from './users.ts';

/**
 * A refund: its own document, linked to the order and to the sold lines it returns (issue 6).
 * Amounts are the engine's share of what each line was sold for; never edited.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** The sale the goods came from; null for a return without a receipt. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The order's number with R1, R2…: MAIN-000123-R1; a return without a receipt: the outlet's MAIN-R000001. */
    number: varchar('number', { length: 40 }).notNull(),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    registerId: integer('register_id').references(() => registers.id, { onDelete: 'restrict' }),
    /** The open drawer a cash refund came out of, if any. */
    cashboxSessionId: integer('cashbox_session_id').references(() => cashboxSessions.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** A return without a receipt: the customer its store credit went to (a refund of a sale reads the sale's). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    netTotal: bigint('net_total', { mode: 'number' }).notNull(),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** The refund's taxes summed per tax (tax report net of refunds). */
    taxes: jsonb('taxes').notNull().$type<OrderTaxJson>(),
    /** Loyalty: points paid with given back (and the money they paid), earned points taken back, and what could not be. */
    pointsReturned: bigint('points_returned', { mode: 'number' }).notNull().default(0),
    pointsPaidBack: bigint('points_paid_back', { mode: 'number' }).notNull().default(0),
    pointsReversed: bigint('points_reversed', { mode: 'number' }).notNull().default(0),
    pointsUnrecovered: bigint('points_unrecovered', { mode: 'number' }).notNull().default(0),
    /** Money paid back as the customer's store credit (issue 16), not through any tender. */
    storeCredit: bigint('store_credit', { mode: 'number' }).notNull().default(0),
    /** Money put back on the gift cards that paid the sale (issue 16), not through any tender. */
    giftCard: bigint('gift_card', { mode: 'number' }).notNull().default(0),
    /** An exchange: the part of the refund that paid the new sale, and that sale (its `exchange_credit`). */
    exchange: bigint('exchange', { mode: 'number' }).notNull().default(0),
    exchangeOrderId: integer('exchange_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The administrator who approved a refund beyond the cashier's right. */
    approvalId: integer('approval_id').references(() => approvals.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_number_unique').on(t.number),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_created_idx').on(t.createdAt, t.id),
    index('refunds_outlet_created_idx').on(t.outletId, t.createdAt),
    index('refunds_session_idx').on(t.cashboxSessionId),
    // A refund returns goods of a sale, or (without a receipt) of no sale.
    check('refunds_source_check', sql`${t.orderId} is not null or ${t.exchange} = 0`),
    uniqueIndex('refunds_exchange_order_unique').on(t.exchangeOrderId).where(sql`${t.exchangeOrderId} is not null`),
  ],
);

/** A returned part of a sold line: how many, whether they go back to stock, and their share of the line. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    /** The sold line; null for a return without a receipt, whose line keeps its own name, product and cost. */
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => orderLines.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productId: integer('product_id'),
    title: varchar('title', { length: 200 }),
    variantName: varchar('variant_name', { length: 200 }),
    sku: varchar('sku', { length: 64 }),
    unitCost: bigint('unit_cost', { mode: 'number' }),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Back to stock (restock) or not (damaged). */
    restock: boolean('restock').notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    taxes: jsonb('taxes').notNull().$type<OrderTaxJson>(),
  },
  (t) => [
    index('refund_lines_refund_idx').on(t.refundId),
    index('refund_lines_order_line_idx').on(t.orderLineId),
    index('refund_lines_variant_idx').on(t.variantId),
    check('refund_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** How a refund was paid back, per tender. */
export const refundPayments = pgTable(
  'refund_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    tender: varchar('tender', { length: 10 }).notNull().$type<'cash' | 'card' | 'other'>(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    cashboxSessionId: integer('cashbox_session_id').references(() => cashboxSessions.id, { onDelete: 'restrict' }),
    /** What the card terminal printed for a card refund (issue 16), as a sale's card payment keeps it. */
    reference: varchar('reference', { length: 120 }),
  },
  (t) => [
    index('refund_payments_refund_idx').on(t.refundId),
    index('refund_payments_session_idx').on(t.cashboxSessionId, t.tender),
    check('refund_payments_tender_check', sql`${t.tender} in ('cash', 'card', 'other')`),
  ],
);

/** The last number of each outlet's returns without a receipt: MAIN-R000001 (sequential per outlet). */
export const outletReturnCounters = pgTable('outlet_return_counters', {
  outletId: integer('outlet_id')
    .primaryKey()
    .references(() => outlets.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});
