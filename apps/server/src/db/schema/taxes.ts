import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A tax; `rateE4` is the percentage in ten-thousandths (7.5 % → 75000), exact (pricing engine). */
export const taxes = pgTable(
  'taxes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    rateE4: integer('rate_e4').notNull(),
    isInclusive: boolean('is_inclusive').notNull().default(false),
    isCompound: boolean('is_compound').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('taxes_name_lower_unique').on(sql`lower(${t.name})`)],
);

export type TaxRow = typeof taxes.$inferSelect;
