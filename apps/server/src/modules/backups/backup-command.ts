import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openPglite, openPostgres } from '../../db/client.ts';
import { DataDirLockedError } from '../../db/data-dir-lock.ts';
import { askServerForBackup } from './control-socket.ts';
import { BackupError } from './postgres-tools.ts';
import { backUpAndRecord, type BackupFile } from './service.ts';

/**
 * `npm run backup [-- DIRECTORY]`: a backup of the configured database (DATA_DIR or DATABASE_URL)
 * into DIRECTORY (default BACKUP_DIR), named with the date; prints where it went. With PGlite and
 * the server running, the server takes it (it holds DATA_DIR); stopped, this command opens it.
 */
async function backUp(): Promise<BackupFile> {
  const config = loadConfig();
  const directory = path.resolve(process.argv[2] ?? config.BACKUP_DIR);
  if (config.DATABASE_URL) {
    const handle = openPostgres(config.DATABASE_URL);
    try {
      return await backUpAndRecord(handle, { directory, trigger: 'manual', postgresUrl: config.DATABASE_URL });
    } finally {
      await handle.close();
    }
  }
  if (!fs.existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${config.DATA_DIR} (DATA_DIR): nothing to back up.`);
  }
  let handle;
  try {
    handle = await openPglite(config.DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirLockedError) return askServerForBackup(config.DATA_DIR, directory);
    throw err;
  }
  try {
    return await backUpAndRecord(handle, { directory, trigger: 'manual' });
  } finally {
    await handle.close();
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

backUp().then(
  ({ file, bytes }) => console.log(`Backup written to ${file} (${formatBytes(bytes)})`),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
