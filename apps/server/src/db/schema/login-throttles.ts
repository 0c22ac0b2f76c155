import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Failed sign-in attempts per username + IP, kept in the database so every process sees them. */
export const loginThrottles = pgTable('login_throttles', {
  key: varchar('key', { length: 400 }).primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
