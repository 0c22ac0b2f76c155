import { sql, type AnyColumn } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A tree of categories; the colour paints the category's tile on the sell screen. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    colour: varchar('colour', { length: 7 }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same name may appear under different parents, not twice under one.
    uniqueIndex('categories_parent_name_unique').on(sql`coalesce(${t.parentId as AnyColumn}, 0)`, sql`lower(${t.name})`),
    index('categories_parent_idx').on(t.parentId),
  ],
);
