import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { productVariants } from './products.ts';

/**
 * Something a customer takes for points (issue 14): an amount or a percentage off the sale, or one
 * unit of a variant free. The shop's earning and redemption rules live in `settings` under the key
 * 'rewards'. A reward that was used is archived, never deleted: its sales keep pointing at it.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull().$type<'amount' | 'percentage' | 'product'>(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    rateE4: integer('rate_e4').notNull().default(0),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'restrict' }),
    points: bigint('points', { mode: 'number' }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rewards_points_idx').on(t.points, t.id),
    check('rewards_kind_check', sql`${t.kind} in ('amount', 'percentage', 'product')`),
    check('rewards_points_check', sql`${t.points} > 0`),
  ],
);

export type RewardRow = typeof rewards.$inferSelect;
