import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 60 }).notNull(),
    email: varchar('email', { length: 255 }),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 20 }).notNull().$type<'administrator' | 'cashier'>(),
    // The outlet a cashier works at; the outlets table arrives with the catalogue.
    outletId: integer('outlet_id'),
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
