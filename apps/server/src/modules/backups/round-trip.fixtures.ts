import { execFile } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

export type CommandResult = { code: number; stdout: string; stderr: string };

/** Runs `npm run backup` / `npm run restore` as the operator would: a process of its own, with its own environment. */
export function runCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandResult> {
  const script = path.join(import.meta.dirname, `${command}-command.ts`);
  const clean = { ...process.env, DATABASE_URL: '', DATA_DIR: '', BACKUP_DIR: '', ...env };
  return new Promise((resolve) => {
    execFile(tsx, [script, ...args], { env: clean, cwd: repoRoot }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/**
 * Every table of the database as sorted JSON rows, and every sequence's position: two databases
 * with the same snapshot are equal, table by table. `except` leaves tables out by name.
 */
export async function snapshotOf(db: Db, except: string[] = []): Promise<Record<string, string[]>> {
  const tables = await execute<{ schema: string; name: string }>(db, sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`);
  const snapshot: Record<string, string[]> = {};
  for (const { schema, name } of tables) {
    if (except.includes(name)) continue;
    const rows = await execute<{ row: string }>(db, sql.raw(`select row_to_json(t)::text as row from "${schema}"."${name}" t`));
    snapshot[`${schema}.${name}`] = rows.map((r) => r.row).sort();
  }
  const sequences = await execute<{ name: string; value: string | null }>(db, sql`
    select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences order by 1`);
  snapshot['(sequences)'] = sequences.filter((s) => !except.some((t) => s.name.includes(`.${t}_`))).map((s) => `${s.name}=${s.value}`);
  return snapshot;
}
