import { BACKUP_STALE_AFTER_MS, type BackupRecord, type BackupStatus } from '@tillbook/contract';
import { desc, eq } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../db/client.ts';
import { backups, type BackupRow } from '../../db/schema/index.ts';
import { newBackupPath, PGLITE_EXTENSION, POSTGRES_EXTENSION, writeGzipped } from './files.ts';
import { BackupError, dumpPostgres } from './postgres-tools.ts';

/** The daily backup's settings (BACKUP_DIR, BACKUP_TIME, BACKUP_KEEP); time null = off. */
export type BackupPlan = { directory: string; time: string | null; keep: number };
export type BackupTrigger = 'automatic' | 'manual';
export type BackupFile = { file: string; bytes: number };

/** Writes one backup file into `directory`: PGlite's data directory, or pg_dump of `postgresUrl`. */
export async function writeBackup(handle: DatabaseHandle, directory: string, postgresUrl?: string): Promise<BackupFile> {
  const at = new Date();
  if (handle.dumpDataDir) {
    const file = newBackupPath(directory, at, PGLITE_EXTENSION);
    return { file, bytes: await writeGzipped(await handle.dumpDataDir(), file) };
  }
  if (!postgresUrl) throw new BackupError('A PostgreSQL backup needs the database URL (DATABASE_URL).');
  const file = newBackupPath(directory, at, POSTGRES_EXTENSION);
  return { file, bytes: await dumpPostgres(postgresUrl, file) };
}

/** Takes a backup and records its outcome, good or bad, for the Settings page. */
export async function backUpAndRecord(
  handle: DatabaseHandle,
  options: { directory: string; trigger: BackupTrigger; postgresUrl?: string },
): Promise<BackupFile> {
  const startedAt = new Date();
  try {
    const written = await writeBackup(handle, options.directory, options.postgresUrl);
    await recordBackup(handle.db, { startedAt, trigger: options.trigger, status: 'succeeded', ...written });
    return written;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await recordBackup(handle.db, { startedAt, trigger: options.trigger, status: 'failed', error }).catch(() => undefined);
    throw err;
  }
}

export async function recordBackup(
  db: Db,
  outcome: { startedAt: Date; trigger: BackupTrigger; status: 'succeeded' | 'failed'; file?: string; bytes?: number; error?: string },
): Promise<void> {
  await db.insert(backups).values({
    startedAt: outcome.startedAt,
    finishedAt: new Date(),
    trigger: outcome.trigger,
    status: outcome.status,
    file: outcome.file ?? null,
    bytes: outcome.bytes ?? null,
    error: outcome.error ?? null,
  });
}

export async function lastSucceededBackup(db: Db): Promise<BackupRow | null> {
  const [row] = await db.select().from(backups).where(eq(backups.status, 'succeeded')).orderBy(desc(backups.finishedAt)).limit(1);
  return row ?? null;
}

function toRecord(row: BackupRow | null | undefined): BackupRecord | null {
  if (!row) return null;
  return {
    ...row,
    trigger: row.trigger === 'automatic' ? 'automatic' : 'manual',
    status: row.status === 'succeeded' ? 'succeeded' : 'failed',
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
  };
}

/**
 * What the Settings page shows. On PostgreSQL backups are usually taken outside Tillbook (pg_dump
 * by cron, a managed service's snapshots), so only a failed `npm run backup` is a warning there.
 */
export async function getBackupStatus(
  handle: Pick<DatabaseHandle, 'db' | 'driver'>,
  schedule: { plan: BackupPlan; nextAt: Date | null } | null,
  now = new Date(),
): Promise<BackupStatus> {
  const [last] = await handle.db.select().from(backups).orderBy(desc(backups.finishedAt), desc(backups.id)).limit(1);
  const lastSucceeded = last?.status === 'succeeded' ? last : await lastSucceededBackup(handle.db);
  let warning: BackupStatus['warning'] = null;
  if (last?.status === 'failed') warning = 'failed';
  else if (handle.driver === 'pglite' && !lastSucceeded) warning = 'none';
  else if (handle.driver === 'pglite' && lastSucceeded && now.getTime() - lastSucceeded.finishedAt.getTime() > BACKUP_STALE_AFTER_MS) warning = 'stale';
  const plan = schedule?.plan;
  const nextAt = schedule?.nextAt;
  return {
    driver: handle.driver,
    automatic: plan?.time && nextAt ? { time: plan.time, keep: plan.keep, directory: plan.directory, nextAt: nextAt.toISOString() } : null,
    last: toRecord(last),
    lastSucceeded: toRecord(lastSucceeded),
    warning,
  };
}
