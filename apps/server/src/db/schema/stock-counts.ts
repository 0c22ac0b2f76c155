import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { categories } from './categories.ts';
import { outlets } from './outlets.ts';
import { productVariants } from './products.ts';
import { users } from './users.ts';

export const stockCountStatuses = ['counting', 'applied', 'cancelled'] as const;
export type StockCountStatus = (typeof stockCountStatuses)[number];
export type StockCountScope = 'all' | 'category' | 'list';

/**
 * A stock count of one outlet (issue 13): all products, a category or a list. The sheet freezes
 * each variant's expected quantity when the count starts; applying posts one ledger move (reason
 * "count") per variance. SC-000001.
 */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: serial('id').primaryKey(),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    scope: varchar('scope', { length: 10 }).notNull().$type<StockCountScope>(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 20 }).notNull().default('counting').$type<StockCountStatus>(),
    note: varchar('note', { length: 2000 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    appliedBy: integer('applied_by').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_counts_created_idx').on(t.createdAt, t.id),
    index('stock_counts_outlet_idx').on(t.outletId, t.createdAt),
    check('stock_counts_status_check', sql`${t.status} in ('counting', 'applied', 'cancelled')`),
    check('stock_counts_scope_check', sql`${t.scope} in ('all', 'category', 'list')`),
  ],
);

/**
 * A line of a count sheet. `expected` is the level when the count started; `counted` what staff
 * found. `movedBeforeCount` is what sales, receipts and other moves changed the level by between
 * the start and the moment the line was counted, so a sale during the count is not taken for a
 * variance: variance = counted − (expected + movedBeforeCount).
 */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    stockCountId: integer('stock_count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    expected: bigint('expected', { mode: 'number' }).notNull(),
    counted: bigint('counted', { mode: 'number' }),
    movedBeforeCount: bigint('moved_before_count', { mode: 'number' }).notNull().default(0),
    /** The variant's cost when the count started: the variance's value at cost. */
    unitCost: bigint('unit_cost', { mode: 'number' }).notNull().default(0),
    countedBy: integer('counted_by').references(() => users.id, { onDelete: 'set null' }),
    countedAt: timestamp('counted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.stockCountId, t.variantId] }), index('stock_count_lines_variant_idx').on(t.variantId)],
);
