import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 255 }),
    /** As typed; `phoneDigits` (digits only) is what must be unique. */
    phone: varchar('phone', { length: 40 }),
    phoneDigits: varchar('phone_digits', { length: 40 }),
    address: varchar('address', { length: 500 }),
    birthday: date('birthday', { mode: 'string' }),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    pointsBalance: bigint('points_balance', { mode: 'number' }).notNull().default(0),
    /** Store credit (issue 16), in minor units: changes only through store_credit_entries. */
    storeCredit: bigint('store_credit', { mode: 'number' }).notNull().default(0),
    totalSpent: bigint('total_spent', { mode: 'number' }).notNull().default(0),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('customers_phone_unique').on(t.phoneDigits),
    index('customers_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    // The customers list sorted by points (issue 14).
    index('customers_points_idx').on(t.pointsBalance, t.id),
    check('customers_store_credit_check', sql`${t.storeCredit} >= 0`),
  ],
);

/** Staff notes about a customer; one marked `printOnReceipt` prints on their receipts. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    printOnReceipt: boolean('print_on_receipt').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId)],
);

/** The points ledger: earned, redeemed, adjusted — the balance only changes through it. */
export const customerPoints = pgTable(
  'customer_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull().$type<'earned' | 'redeemed' | 'adjusted' | 'refund' | 'expired'>(),
    reason: varchar('reason', { length: 500 }),
    orderId: integer('order_id'),
    /** The refund that gave points back or took them back (kind 'refund'). */
    refundId: integer('refund_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_points_customer_idx').on(t.customerId, t.id),
    // A receipt reads the balance its sale left; a sale without a customer writes no entry.
    index('customer_points_order_idx').on(t.orderId, t.id).where(sql`${t.orderId} is not null`),
  ],
);

/** The store credit ledger: raised by refunds and administrators, spent as a tender at the till. */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** refund (raised by a refund), sale (spent at the till), adjusted (by an administrator). */
    kind: varchar('kind', { length: 12 }).notNull().$type<'refund' | 'sale' | 'adjusted'>(),
    reason: varchar('reason', { length: 300 }),
    orderId: integer('order_id'),
    refundId: integer('refund_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_credit_entries_customer_idx').on(t.customerId, t.id),
    index('store_credit_entries_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
