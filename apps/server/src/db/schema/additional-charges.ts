import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A charge added to a product when it is sold: bottle deposit, packaging fee, service charge. */
export const additionalCharges = pgTable(
  'additional_charges',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull().$type<'fixed' | 'percentage'>(),
    /** Minor units, for a fixed charge. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** Ten-thousandths of a percent, for a percentage charge. */
    rateE4: integer('rate_e4').notNull().default(0),
    per: varchar('per', { length: 8 }).notNull().$type<'unit' | 'line'>(),
    isTaxable: boolean('is_taxable').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('additional_charges_name_lower_unique').on(sql`lower(${t.name})`),
    check('additional_charges_kind_check', sql`${t.kind} in ('fixed', 'percentage')`),
    check('additional_charges_per_check', sql`${t.per} in ('unit', 'line')`),
  ],
);

export type AdditionalChargeRow = typeof additionalCharges.$inferSelect;
