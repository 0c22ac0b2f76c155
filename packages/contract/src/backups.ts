import { z } from 'zod';

/** One backup's outcome (issue 18): automatic (the server's daily one) or manual (`npm run backup`). */
export const backupRecord = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  trigger: z.enum(['automatic', 'manual']),
  status: z.enum(['succeeded', 'failed']),
  file: z.string().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type BackupRecord = z.infer<typeof backupRecord>;

/** A backup older than this, or none at all, is a warning on the Settings page (issue 18). */
export const BACKUP_STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

export const backupStatus = z.object({
  driver: z.enum(['pglite', 'postgres']),
  /** The daily backup of the embedded database; null on PostgreSQL or with BACKUP_TIME=off. */
  automatic: z.object({ time: z.string(), keep: z.number().int(), directory: z.string(), nextAt: z.string() }).nullable(),
  last: backupRecord.nullable(),
  lastSucceeded: backupRecord.nullable(),
  /** failed: the last one failed; stale: the last good one is over two days old; none: there never was one. */
  warning: z.enum(['failed', 'stale', 'none']).nullable(),
});
export type BackupStatus = z.infer<typeof backupStatus>;
export const backupStatusResult = z.object({ data: backupStatus });
