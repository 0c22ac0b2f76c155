import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Shop-wide settings by key (the generated session secret, later the shop's preferences). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
