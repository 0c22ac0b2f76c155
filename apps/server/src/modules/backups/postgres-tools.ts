import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

/** A failure the commands print as it is (no stack): a missing tool, a refused restore, a bad file. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The URL without its password, which goes in PGPASSWORD instead: a command line is visible to every user (ps). */
function connectionFor(url: string): { target: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { target: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install the PostgreSQL client tools, of the server's major version or newer ` +
                '(Debian/Ubuntu: apt-get install postgresql-client), and run this again.',
            )
          : err,
      );
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`))));
  });
}

/** `pg_dump` in its custom format into `file` (through `file.partial`); returns the file's size. */
export async function dumpPostgres(url: string, file: string): Promise<number> {
  const { target, env } = connectionFor(url);
  const partial = `${file}.partial`;
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${partial}`, `--dbname=${target}`], env);
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return fs.statSync(file).size;
}

/** How many tables the database has outside PostgreSQL's own schemas (0 = empty, safe to restore into). */
export async function countPostgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * `pg_restore` of a custom-format dump in one transaction: it lands whole or not at all. With
 * `replace`, objects the dump holds are dropped first (--clean); the caller checked emptiness otherwise.
 */
export async function restorePostgres(url: string, file: string, replace: boolean): Promise<void> {
  const { target, env } = connectionFor(url);
  const clean = replace ? ['--clean', '--if-exists'] : [];
  await run('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-acl', ...clean, `--dbname=${target}`, file], env);
}
