import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { outlets } from './outlets.ts';
import { productVariants } from './products.ts';
import { users } from './users.ts';

export const stockTransferStatuses = ['draft', 'sent', 'received', 'cancelled'] as const;
export type StockTransferStatus = (typeof stockTransferStatuses)[number];

/**
 * Stock moved from one outlet to another (issue 13): draft → sent (the units leave the source and
 * are in transit) → received (they arrive at the destination; a shortfall is recorded). TR-000001.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: serial('id').primaryKey(),
    fromOutletId: integer('from_outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    toOutletId: integer('to_outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull().default('draft').$type<StockTransferStatus>(),
    note: varchar('note', { length: 2000 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_transfers_created_idx').on(t.createdAt, t.id),
    index('stock_transfers_from_idx').on(t.fromOutletId, t.createdAt),
    index('stock_transfers_to_idx').on(t.toOutletId, t.createdAt),
    check('stock_transfers_status_check', sql`${t.status} in ('draft', 'sent', 'received', 'cancelled')`),
    check('stock_transfers_outlets_check', sql`${t.fromOutletId} <> ${t.toOutletId}`),
  ],
);

/** A line of a transfer: units sent, and units that arrived (null until received). */
export const stockTransferItems = pgTable(
  'stock_transfer_items',
  {
    id: serial('id').primaryKey(),
    stockTransferId: integer('stock_transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    receivedQuantity: bigint('received_quantity', { mode: 'number' }),
    /** The variant's cost when it was sent: the value in transit. */
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('stock_transfer_items_transfer_idx').on(t.stockTransferId, t.position), index('stock_transfer_items_variant_idx').on(t.variantId)],
);
