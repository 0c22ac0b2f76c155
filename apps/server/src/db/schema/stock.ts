import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { outlets } from './outlets.ts';
import { products, productVariants } from './products.ts';
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

/**
 * Stock of each product at each outlet, and in all outlets together (outlet_id 0): a summary of
 * stock_levels kept as stock moves (move_stock, in the same statement) and as variants, thresholds,
 * outlets and the product itself change (refresh_product_stock), so the product list's stock status
 * ("low", "out") and its count read one index instead of summing the levels of the whole catalogue
 * (docs/catalogue.md, docs/performance.md). It carries the product's track_stock and status so
 * counting needs no other table.
 *
 * A product is low when 0 < quantity ≤ threshold_sum + default_count × the shop's default threshold:
 * threshold_sum adds the levels' own thresholds, default_count counts the variants that fall back to
 * the default (a level without a threshold, or no level at the outlet; for outlet 0, a variant with
 * no level anywhere counts once). The default can change at any time, so it is not stored: low_key
 * is the smallest default at which the product is low (the quantity above its own thresholds shared
 * out over the variants on the default, rounded up), or null when no default makes it low, and
 * "low at default D" is `quantity > 0 and low_key <= D` — one range of an index.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The outlet, or 0 for all outlets together. */
    outletId: integer('outlet_id').notNull(),
    /** The product's track_stock and status, as in products. */
    tracked: boolean('tracked').notNull().default(true),
    productStatus: varchar('product_status', { length: 10 }).notNull().default('active').$type<'active' | 'archived'>(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    thresholdSum: bigint('threshold_sum', { mode: 'number' }).notNull().default(0),
    defaultCount: integer('default_count').notNull().default(0),
    /**
     * The product's title as the list sorts it (lower(title)), so a page of "low" or "out" is read
     * in title order from the summary's own index (issue 17). Set by refresh_product_stock and the
     * writers that add rows, and by a trigger on products when a title changes (migration 0024).
     */
    titleKey: text('title_key'),
    lowKey: bigint('low_key', { mode: 'number' }).generatedAlwaysAs(
      sql`case when default_count > 0 then ceil((quantity - threshold_sum)::numeric / default_count)::bigint
        when quantity <= threshold_sum then quantity - threshold_sum end`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.outletId] }),
    // "Out" at an outlet, in title order; "low" per value of low_key (≤ the default), each in title order.
    index('product_stock_out_title').on(t.outletId, t.productStatus, t.titleKey, t.productId).where(sql`tracked and quantity <= 0`),
    index('product_stock_low_title').on(t.outletId, t.productStatus, t.lowKey, t.titleKey, t.productId).where(sql`tracked and quantity > 0`),
  ],
);
