import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { outlets } from './outlets.ts';
import { receiptTemplates } from './receipts.ts';

/** A till at an outlet; its slug names it in the cash drawer's URLs (/api/cashbox/{slug}/close). */
export const registers = pgTable(
  'registers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    slug: varchar('slug', { length: 60 }).notNull(),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'restrict' }),
    receiptTemplateId: integer('receipt_template_id')
      .notNull()
      .references(() => receiptTemplates.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registers_slug_unique').on(t.slug),
    uniqueIndex('registers_outlet_name_unique').on(t.outletId, sql`lower(${t.name})`),
    index('registers_outlet_idx').on(t.outletId),
  ],
);

export type RegisterRow = typeof registers.$inferSelect;
