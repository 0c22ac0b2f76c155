import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const outlets = pgTable(
  'outlets',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    code: varchar('code', { length: 10 }).notNull(),
    address: varchar('address', { length: 500 }),
    phone: varchar('phone', { length: 40 }),
    email: varchar('email', { length: 255 }),
    taxNumber: varchar('tax_number', { length: 60 }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outlets_name_lower_unique').on(sql`lower(${t.name})`),
    uniqueIndex('outlets_code_unique').on(t.code),
  ],
);

export type OutletRow = typeof outlets.$inferSelect;
