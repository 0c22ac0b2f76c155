import { backupStatusResult } from '@tillbook/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { nextBackupAt } from './schedule.ts';
import { getBackupStatus, type BackupPlan } from './service.ts';

/** Settings › Backups: the last backup and the daily one's plan, for administrators only (the default access). */
export const backupsRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; plan?: BackupPlan }> = async (app, { database, plan }) => {
  app.get(
    '/api/backups',
    { schema: { tags: ['backups'], summary: "The last backup's time, size and outcome, and the daily backup's plan", response: { 200: backupStatusResult } } },
    async () => {
      const now = new Date();
      const isDaily = Boolean(plan?.time && database.dumpDataDir);
      const schedule = plan && isDaily ? { plan, nextAt: nextBackupAt(now, plan.time ?? '') } : null;
      return { data: await getBackupStatus(database, schedule, now) };
    },
  );
};
