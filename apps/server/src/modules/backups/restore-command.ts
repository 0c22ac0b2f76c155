import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { backupKindOf } from './files.ts';
import { restorePglite } from './pglite-restore.ts';
import { BackupError, countPostgresTables, restorePostgres } from './postgres-tools.ts';

const usage = 'Usage: npm run restore -- FILE [--force]';

/**
 * `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into the configured
 * DATA_DIR or DATABASE_URL, which must be empty unless --force is given. Stop the server first.
 */
async function restore(): Promise<string> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const unknown = files.find((arg) => arg.startsWith('--'));
  if (unknown) throw new BackupError(`Unknown option ${unknown}. ${usage}`);
  if (files.length !== 1) throw new BackupError(usage);
  const file = path.resolve(files[0] ?? '');
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new BackupError(`${file} does not exist or is not a file.`);
  const kind = backupKindOf(file);
  if (!kind) throw new BackupError(`${file} is not a Tillbook backup (neither a PGlite .tar.gz nor a pg_dump custom-format .dump).`);

  const config = loadConfig();
  if (config.DATABASE_URL) {
    if (kind !== 'postgres') {
      throw new BackupError(`${file} is a backup of the embedded database (PGlite), but DATABASE_URL is set: unset it to restore into DATA_DIR.`);
    }
    const where = new URL(config.DATABASE_URL);
    where.password = '';
    const tables = await countPostgresTables(config.DATABASE_URL);
    if (tables > 0 && !force) {
      throw new BackupError(`The database ${where} is not empty (${tables} tables). Restore into an empty database, or add --force to replace what it holds.`);
    }
    await restorePostgres(config.DATABASE_URL, file, force && tables > 0);
    return `Restored ${file} into ${where}. Start the server with this DATABASE_URL.`;
  }
  if (kind !== 'pglite') {
    throw new BackupError(`${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`);
  }
  const keptAside = await restorePglite(file, config.DATA_DIR, force);
  return [
    `Restored ${file} into ${config.DATA_DIR}. Start the server: npm start`,
    ...(keptAside ? [`The database it replaced is in ${keptAside}: delete it once the restored one is right.`] : []),
  ].join('\n');
}

restore().then(
  (message) => console.log(message),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
