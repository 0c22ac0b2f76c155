import { sql } from 'drizzle-orm';
import { outlets } from './outlets.ts';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 60 }).notNull(),
    email: varchar('email', { length: 255 }),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 20 }).notNull().$type<'administrator' | 'cashier'>(),
    // The outlet a cashier works at (administrators may have none).
    outletId: integer('outlet_id').references(() => outlets.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    pinHash: text('pin_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames and e-mails are matched without regard to case at sign-in.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_type_check', sql`${t.type} in ('administrator', 'cashier')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
