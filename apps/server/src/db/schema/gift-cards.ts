import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { outlets } from './outlets.ts';
import { users } from './users.ts';

/**
 * Gift cards (issue 16, decision 024): sold at the till, spent by code at any outlet. The balance
 * changes only through gift_card_entries, in the statement that writes the entry; a CHECK keeps it
 * at or above zero, and sell_order spends it only while it covers the spend.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** Upper-case letters and digits, without spaces (contract normalizeGiftCardCode). */
    code: varchar('code', { length: 32 }).notNull(),
    /** Loaded in all: the first sale and every load after it. */
    loaded: bigint('loaded', { mode: 'number' }).notNull().default(0),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /** Null: it never expires (the shop's setting when it was sold or last loaded). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Where and by which sale it was sold first (no foreign key to orders: a card outlives nothing it names). */
    outletId: integer('outlet_id').references(() => outlets.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_unique').on(t.code),
    index('gift_cards_created_idx').on(t.createdAt, t.id),
    check('gift_cards_balance_check', sql`${t.balance} >= 0`),
  ],
);

/** The gift card ledger: sold, loaded again, spent, refunded onto the card, adjusted by an administrator. */
export const giftCardEntries = pgTable(
  'gift_card_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull().$type<'sold' | 'loaded' | 'spent' | 'refunded' | 'adjusted'>(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    orderId: integer('order_id'),
    refundId: integer('refund_id'),
    outletId: integer('outlet_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_card_entries_card_idx').on(t.giftCardId, t.id),
    index('gift_card_entries_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('gift_card_entries_refund_idx').on(t.refundId).where(sql`${t.refundId} is not null`),
  ],
);

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardEntryRow = typeof giftCardEntries.$inferSelect;
