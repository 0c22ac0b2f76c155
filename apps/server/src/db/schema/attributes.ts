import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Size, Colour… with their options (S, M, L); a product's variants are combinations of options. */
export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('attributes_name_lower_unique').on(sql`lower(${t.name})`)],
);

export const attributeOptions = pgTable(
  'attribute_options',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attribute_options_name_unique').on(t.attributeId, sql`lower(${t.name})`),
    index('attribute_options_attribute_idx').on(t.attributeId),
  ],
);

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeOptionRow = typeof attributeOptions.$inferSelect;
