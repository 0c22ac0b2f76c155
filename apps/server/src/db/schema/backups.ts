import { bigint, index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * What became of each backup (issue 18): automatic ones and `npm run backup`. The Settings page
 * reads the last one and warns when it failed or is older than two days. The row is written after
 * the dump, so a backup never contains its own row.
 */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** automatic (the server's daily backup) or manual (`npm run backup`). */
    trigger: varchar('trigger', { length: 20 }).notNull(),
    /** succeeded or failed. */
    status: varchar('status', { length: 20 }).notNull(),
    /** Where the file went (null when it failed before one was written). */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Why it failed, as the server logged it. */
    error: text('error'),
  },
  (t) => [index('backups_finished_at_idx').on(t.finishedAt)],
);

export type BackupRow = typeof backups.$inferSelect;
