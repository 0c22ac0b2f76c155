import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../../db/data-dir-lock.ts';
import { BackupError } from './postgres-tools.ts';

/** True when DATA_DIR holds a database (anything in DATA_DIR/pglite). */
export function hasPgliteDatabase(dataDir: string): boolean {
  const dir = path.join(dataDir, 'pglite');
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

/**
 * Restores a PGlite backup into DATA_DIR/pglite. It is unpacked and opened beside it first, so a
 * bad file never leaves half a database; with `replace`, the database it replaces is moved to
 * DATA_DIR/pglite.replaced-<date> rather than deleted. Returns that folder, if any.
 */
export async function restorePglite(file: string, dataDir: string, replace: boolean): Promise<string | null> {
  let lock: DataDirLock;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(`Stop the server before restoring. ${err.message}`);
    throw err;
  }
  const target = path.join(dataDir, 'pglite');
  const staging = path.join(dataDir, 'pglite.restoring');
  try {
    if (hasPgliteDatabase(dataDir) && !replace) {
      throw new BackupError(`${target} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it (it is kept aside, not deleted).`);
    }
    fs.rmSync(staging, { recursive: true, force: true });
    let tarball: Buffer;
    try {
      tarball = await promisify(gunzip)(fs.readFileSync(file));
    } catch {
      throw new BackupError(`${file} is damaged: it does not unpack.`);
    }
    try {
      const restored = await PGlite.create(staging, { extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(tarball)]) });
      await restored.query('select count(*) from drizzle.__drizzle_migrations');
      await restored.close();
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new BackupError(`${file} does not hold a Tillbook database (${err instanceof Error ? err.message : String(err)}).`);
    }
    let keptAside: string | null = null;
    if (fs.existsSync(target)) {
      keptAside = `${target}.replaced-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
      fs.renameSync(target, keptAside);
    }
    fs.renameSync(staging, target);
    return keptAside;
  } finally {
    lock.release();
  }
}
