import { sql } from 'drizzle-orm';
import { bigint, boolean, char, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * The reports' summaries (issue 12, decision 020). They are written only by the database functions
 * summarise_orders, summarise_refunds and summarise_stock_moves (db/functions/), called in the same
 * transaction as the sale (sell_order), the refund (modules/refunds/service.ts) and the stock move
 * (move_stock), so they can never drift from the documents; rebuild_summaries() recomputes them
 * from the documents with the same functions. Days and hours are the shop's local ones (the time
 * zone of the general settings); a change of time zone rebuilds them. Ids are plain integers, not
 * foreign keys (0 = none): a summary outlives a deleted register or user. Money is bigint minor
 * units. A sale counts on its day, a refund on the day it was made (decision 020).
 */
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Per local day and hour, outlet, register and cashier: the sales' and the refunds' figures. */
export const salesByHour = pgTable(
  'sales_by_hour',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    outletId: integer('outlet_id').notNull(),
    registerId: integer('register_id').notNull(),
    userId: integer('user_id').notNull(),
    orders: money('orders'),
    units: money('units'),
    /** Σ unit price × quantity (shelf prices: inclusive taxes inside). */
    gross: money('gross'),
    lineDiscounts: money('line_discounts'),
    orderDiscounts: money('order_discounts'),
    /** Goods after discounts, without any tax or charge. */
    net: money('net'),
    /** Charges without their tax. */
    charges: money('charges'),
    tax: money('tax'),
    total: money('total'),
    /** Σ unit cost × quantity of the lines that had a cost, and those lines' net. */
    cost: money('cost'),
    costedNet: money('costed_net'),
    uncostedUnits: money('uncosted_units'),
    cash: money('cash'),
    card: money('card'),
    other: money('other'),
    /** Paid with loyalty points (orders.points_paid): part of the total, in no drawer. */
    points: money('points'),
    /** Paid with store credit (orders.store_credit_paid, issue 16): part of the total, in no drawer. */
    storeCredit: money('store_credit'),
    /** Paid with gift cards (orders.gift_cards_paid): part of the total, in no drawer. */
    giftCard: money('gift_card'),
    /** Taken for gift cards sold (orders.gift_cards_sold): in the drawers, but owed, not revenue. */
    giftCardsSold: money('gift_cards_sold'),
    refunds: money('refunds'),
    refundUnits: money('refund_units'),
    refundNet: money('refund_net'),
    refundCharges: money('refund_charges'),
    refundTax: money('refund_tax'),
    refundTotal: money('refund_total'),
    refundCost: money('refund_cost'),
    refundCostedNet: money('refund_costed_net'),
    restockedUnits: money('restocked_units'),
    damagedUnits: money('damaged_units'),
    refundCash: money('refund_cash'),
    refundCard: money('refund_card'),
    refundOther: money('refund_other'),
    /** Given back as loyalty points (refunds.points_paid_back). */
    refundPoints: money('refund_points'),
    /** Given back as store credit (refunds.store_credit). */
    refundStoreCredit: money('refund_store_credit'),
    /** Put back on gift cards (refunds.gift_card). */
    refundGiftCard: money('refund_gift_card'),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour, t.outletId, t.registerId, t.userId] }), index('sales_by_hour_outlet_day_idx').on(t.outletId, t.day)],
);

/** An outlet's (0: all outlets) variant and its units and money sold and refunded, as the per-variant summaries keep them (new columns per table). */
const variantFigures = () => ({
  outletId: integer('outlet_id').notNull(),
  variantId: integer('variant_id').notNull(),
  productId: integer('product_id').notNull(),
  units: money('units'),
  gross: money('gross'),
  discounts: money('discounts'),
  net: money('net'),
  tax: money('tax'),
  total: money('total'),
  cost: money('cost'),
  costedNet: money('costed_net'),
  uncostedUnits: money('uncosted_units'),
  refundUnits: money('refund_units'),
  refundNet: money('refund_net'),
  refundTax: money('refund_tax'),
  refundTotal: money('refund_total'),
  refundCost: money('refund_cost'),
  refundCostedNet: money('refund_costed_net'),
  restockedUnits: money('restocked_units'),
  damagedUnits: money('damaged_units'),
});

/** Per local day, outlet and variant: units and money sold and refunded. */
export const salesByVariant = pgTable(
  'sales_by_variant',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...variantFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.outletId, t.variantId] }),
    index('sales_by_variant_variant_idx').on(t.variantId, t.day),
    index('sales_by_variant_product_idx').on(t.productId, t.day),
  ],
);

/** Per local day, outlet and tax (with the rate and kind it had): taxable base and tax, sold and refunded. */
export const salesByTax = pgTable(
  'sales_by_tax',
  {
    day: date('day', { mode: 'string' }).notNull(),
    outletId: integer('outlet_id').notNull(),
    taxId: integer('tax_id').notNull(),
    rateE4: integer('rate_e4').notNull(),
    isInclusive: boolean('is_inclusive').notNull(),
    isCompound: boolean('is_compound').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    base: money('base'),
    amount: money('amount'),
    refundBase: money('refund_base'),
    refundAmount: money('refund_amount'),
  },
  (t) => [primaryKey({ columns: [t.day, t.outletId, t.taxId, t.rateE4, t.isInclusive, t.isCompound] })],
);

/** Stock moves counted, units in and out, and their value at the cost each move recorded. */
const moveFigures = () => ({
  moves: money('moves'),
  unitsIn: money('units_in'),
  unitsOut: money('units_out'),
  valueIn: money('value_in'),
  valueOut: money('value_out'),
});

/** Per local day, outlet, variant and reason: the stock ledger's moves in units and at cost. */
export const stockMovesByDay = pgTable(
  'stock_moves_by_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    outletId: integer('outlet_id').notNull(),
    variantId: integer('variant_id').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    ...moveFigures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.outletId, t.variantId, t.reason] }), index('stock_moves_by_day_variant_idx').on(t.variantId, t.day)],
);

/**
 * Sealed weeks, months, quarters and years of sales_by_variant (decision 020, "Sealed periods"):
 * kind W (ISO week from Monday), M, Q or Y and the period's first day; outlet 0 holds all outlets.
 * Written only by seal_summaries() for periods that ended before yesterday, whose days never change.
 */
export const salesByVariantPeriod = pgTable(
  'sales_by_variant_period',
  {
    kind: char('kind', { length: 1 }).notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    ...variantFigures(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.start, t.outletId, t.variantId] })],
);

/**
 * The ranges owners open most, whole per variant up to the last sealed day (decision 020, "Windows"):
 * the last 7, 30, 90 and 365 days and this week, month, quarter and year, each from its first day
 * (`start`) to summary_seal.windows_through; outlet 0 holds all outlets. Rewritten after each seal.
 */
export const salesByVariantWindow = pgTable(
  'sales_by_variant_window',
  {
    start: date('start', { mode: 'string' }).notNull(),
    ...variantFigures(),
  },
  (t) => [primaryKey({ columns: [t.start, t.outletId, t.variantId] })],
);

/** Sealed days of stock_moves_by_day without the variant: per local day, outlet and reason. */
export const stockMovesByReason = pgTable(
  'stock_moves_by_reason',
  {
    day: date('day', { mode: 'string' }).notNull(),
    outletId: integer('outlet_id').notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    ...moveFigures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.outletId, t.reason] })],
);

/** One row: the last local day rolled into the sealed tables (null: none yet), and the windows' last day and first days. */
export const summarySeal = pgTable(
  'summary_seal',
  {
    id: boolean('id').primaryKey().default(true),
    sealedThrough: date('sealed_through', { mode: 'string' }),
    windowsThrough: date('windows_through', { mode: 'string' }),
    windowStarts: jsonb('window_starts').$type<string[]>().notNull().default([]),
  },
  (t) => [check('summary_seal_one_row', sql`${t.id}`)],
);
