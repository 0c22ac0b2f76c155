import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

/** PGlite backups are gzipped tarballs of the data directory; PostgreSQL ones pg_dump's custom format. */
export const PGLITE_EXTENSION = '.tar.gz';
export const POSTGRES_EXTENSION = '.dump';

const NAME_PATTERN = /^tillbook-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(-\d+)?\.(tar\.gz|dump)$/;

/** `tillbook-2026-11-24T03-00-00Z.tar.gz`: the date in UTC, so names sort in the order they were taken. */
export function backupFileName(at: Date, extension: string): string {
  return `tillbook-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z${extension}`;
}

/** A path in `directory` for a backup taken `at` that no earlier file has (two in one second get -2, -3 …). */
export function newBackupPath(directory: string, at: Date, extension: string): string {
  fs.mkdirSync(directory, { recursive: true });
  const base = backupFileName(at, extension).slice(0, -extension.length);
  for (let n = 1; ; n += 1) {
    const candidate = path.join(directory, `${base}${n === 1 ? '' : `-${n}`}${extension}`);
    if (!fs.existsSync(candidate) && !fs.existsSync(`${candidate}.partial`)) return candidate;
  }
}

/**
 * Writes a PGlite tarball gzipped to `file`: first to `file.partial`, renamed when complete, so a
 * crash or a full disk never leaves a file that looks like a backup. Gzip runs outside PGlite's lock.
 */
export async function writeGzipped(data: Blob, file: string): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.fromWeb(data.stream() as never), createGzip({ level: 6 }), fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return fs.statSync(file).size;
}

/** Keeps the newest `keep` backups of Tillbook's naming in `directory` and deletes the older ones. */
export function pruneBackups(directory: string, keep: number): string[] {
  const ours = fs
    .readdirSync(directory)
    .filter((name) => NAME_PATTERN.test(name))
    .map((name) => ({ name, mtime: fs.statSync(path.join(directory, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
  const removed = ours.slice(keep).map((f) => path.join(directory, f.name));
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/** What a backup file holds, read from its first bytes (never from its name). */
export function backupKindOf(file: string): 'pglite' | 'postgres' | null {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}
