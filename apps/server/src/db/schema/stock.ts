import { bigint, bigserial, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { outlets } from './outlets.ts';
import { productVariants } from './products.ts';
import { users } from './users.ts';

/** How many of a variant an outlet holds. Changed only through the stock ledger (DESIGN.md §4). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    /** Below or at this the variant counts as low at this outlet; null: the shop's default. */
    lowStockThreshold: bigint('low_stock_threshold', { mode: 'number' }),
    /** When the variant last sold at this outlet (move_stock, reason "sale"): the inventory report's last sale and dead stock. */
    lastSoldAt: timestamp('last_sold_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.outletId, t.variantId] }), index('stock_levels_variant_idx').on(t.variantId)],
);

export type StockReason = 'initial' | 'adjustment' | 'sale' | 'refund' | 'received' | 'transfer' | 'count' | 'import';

/** The stock ledger: every change of a stock level, with who, why and which document. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    quantityAfter: bigint('quantity_after', { mode: 'number' }).notNull(),
    /** The variant's cost per unit when it moved: the move's value at cost (stock report). */
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
    reason: varchar('reason', { length: 20 }).notNull().$type<StockReason>(),
    note: varchar('note', { length: 500 }),
    documentType: varchar('document_type', { length: 30 }),
    documentId: integer('document_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_variant_idx').on(t.variantId, t.id),
    index('stock_movements_outlet_idx').on(t.outletId, t.createdAt),
  ],
);
