import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { serveBackupRequests } from './control-socket.ts';
import { keepBackingUp } from './schedule.ts';
import type { BackupPlan } from './service.ts';

/** BACKUP_DIR, BACKUP_TIME (off = no daily backup) and BACKUP_KEEP. */
export function backupPlanOf(config: Pick<Config, 'BACKUP_DIR' | 'BACKUP_TIME' | 'BACKUP_KEEP'>): BackupPlan {
  return { directory: config.BACKUP_DIR, time: config.BACKUP_TIME === 'off' ? null : config.BACKUP_TIME, keep: config.BACKUP_KEEP };
}

/**
 * With PGlite: the daily backup, and the socket through which `npm run backup` asks this server
 * for one. With PostgreSQL nothing runs: pg_dump reads a running database by itself.
 * The returned function stops both (an automatic backup under way finishes first).
 */
export async function startBackups(handle: DatabaseHandle, plan: BackupPlan, dataDir: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  if (!handle.dumpDataDir) return async () => undefined;
  const closeSocket = await serveBackupRequests(handle, dataDir, log);
  const schedule = keepBackingUp(handle, plan, log);
  return async () => {
    await closeSocket();
    await schedule.stop();
  };
}
