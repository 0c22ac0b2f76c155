import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { categories } from './categories.ts';
import { products } from './products.ts';

/** A discount code. Whether it applies to a cart, and how much, is the pricing engine's rule. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull().$type<'percentage' | 'fixed'>(),
    /** Ten-thousandths of a percent, for a percentage coupon. */
    rateE4: integer('rate_e4').notNull().default(0),
    /** Minor units, for a fixed-amount coupon. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    minimumTotal: bigint('minimum_total', { mode: 'number' }),
    maximumDiscount: bigint('maximum_discount', { mode: 'number' }),
    usageLimit: bigint('usage_limit', { mode: 'number' }),
    perCustomerLimit: bigint('per_customer_limit', { mode: 'number' }),
    /** all: every product; some: only the eligible categories and products below. */
    appliesTo: varchar('applies_to', { length: 8 }).notNull().default('all').$type<'all' | 'some'>(),
    usedCount: bigint('used_count', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
    check('coupons_kind_check', sql`${t.kind} in ('percentage', 'fixed')`),
    check('coupons_applies_to_check', sql`${t.appliesTo} in ('all', 'some')`),
  ],
);

export const couponCategories = pgTable(
  'coupon_categories',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.categoryId] })],
);

export const couponProducts = pgTable(
  'coupon_products',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.productId] }), index('coupon_products_product_idx').on(t.productId)],
);

export type CouponRow = typeof coupons.$inferSelect;
