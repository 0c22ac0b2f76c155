import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { pruneBackups } from './files.ts';
import { backUpAndRecord, lastSucceededBackup, type BackupPlan } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next `HH:MM` of the server's local time strictly after `now`. */
export function nextBackupAt(now: Date, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  const next = new Date(now);
  next.setHours(hours ?? 0, minutes ?? 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

export type BackupSchedule = { plan: BackupPlan; nextAt(): Date | null; stop(): Promise<void> };

/**
 * The embedded database's daily backup (issue 18), taken while the server serves: PGlite's
 * transaction lock holds sales for the copy only (decision 025). A server that was off at the hour
 * — or has never backed up — takes one at start when the last good one is over a day old.
 * After each backup the folder keeps the newest BACKUP_KEEP files.
 */
export function keepBackingUp(handle: DatabaseHandle, plan: BackupPlan, log: FastifyBaseLogger): BackupSchedule {
  const time = plan.time;
  if (!time || !handle.dumpDataDir) return { plan, nextAt: () => null, stop: async () => undefined };
  let timer: NodeJS.Timeout | undefined;
  let next: Date | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const backUp = async () => {
    try {
      const started = Date.now();
      const { file, bytes } = await backUpAndRecord(handle, { directory: plan.directory, trigger: 'automatic' });
      const removed = pruneBackups(plan.directory, plan.keep);
      log.info({ file, bytes, ms: Date.now() - started, removed: removed.length }, 'automatic backup written');
    } catch (err) {
      log.error({ err }, 'automatic backup failed');
    }
  };
  const planNext = () => {
    if (stopped) return;
    next = nextBackupAt(new Date(), time);
    timer = setTimeout(() => {
      running = backUp().then(planNext);
    }, next.getTime() - Date.now());
    timer.unref();
  };
  running = (async () => {
    const last = await lastSucceededBackup(handle.db).catch(() => null);
    if (!stopped && (!last || Date.now() - last.finishedAt.getTime() > DAY_MS)) await backUp();
    planNext();
  })();

  return {
    plan,
    nextAt: () => next,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A backup under way finishes before the database closes.
      await running;
    },
  };
}
