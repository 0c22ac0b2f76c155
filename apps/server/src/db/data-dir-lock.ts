import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is one PostgreSQL in one process: two processes on one data directory each believe they
 * own it and overwrite each other's sales. The data directory is therefore locked by a lock file
 * holding the owner's pid (DESIGN.md §3, docs/operations.md). A lock left by a process that died
 * (kill -9, power cut) is stale and is taken over.
 */
export const LOCK_FILE_NAME = 'tillbook.lock';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The data directory ${dataDir} is in use by another Tillbook process (pid ${owner.pid}` +
        `${owner.hostname && owner.hostname !== os.hostname() ? ` on ${owner.hostname}` : ''}, since ${owner.startedAt}). ` +
        'PGlite serves one process only: stop that process first, or run several processes on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

type LockOwner = { pid: number; hostname: string; startedAt: string; processStart: string | null };

export type DataDirLock = { file: string; release(): void };

/** Locks held by this process, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/** The kernel's start time of a process (Linux), which tells a reused pid from the original one. */
function processStartOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may contain spaces, so count after ")".
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

function isStale(file: string, owner: LockOwner | null): boolean {
  if (!owner) {
    // Unreadable: a lock being written this instant is young; an old one is debris.
    try {
      return Date.now() - fs.statSync(file).mtimeMs > 5_000;
    } catch {
      return true;
    }
  }
  // A lock written on another machine (a shared disk) cannot be checked from here: respect it.
  if (owner.hostname && owner.hostname !== os.hostname()) return false;
  if (owner.pid === process.pid) return !heldHere.has(file);
  if (!isAlive(owner.pid)) return true;
  // The pid is alive, but it may be a new process that got the dead owner's pid (a restarted container).
  const start = processStartOf(owner.pid);
  return Boolean(owner.processStart && start && owner.processStart !== start);
}

/** Takes the data directory's lock or throws DataDirLockedError naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      // "wx": created only if absent, atomically, so two starting processes never both win.
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (attempt >= 3 || !isStale(file, owner)) {
        throw new DataDirLockedError(dataDir, owner ?? { pid: 0, hostname: '', startedAt: 'unknown', processStart: null });
      }
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(file);

  const release = () => {
    if (!heldHere.delete(file)) return;
    const owner = readOwner(file);
    if (owner?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  // A process that exits without closing the database (an error at start) leaves no lock behind.
  process.once('exit', release);
  return {
    file,
    release() {
      process.removeListener('exit', release);
      release();
    },
  };
}
