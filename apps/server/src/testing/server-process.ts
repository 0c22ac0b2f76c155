import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const mainFile = path.join(repoRoot, 'apps/server/src/main.ts');

export type ServerProcess = {
  /** http://127.0.0.1:PORT once it listens. */
  address: string;
  pid: number;
  /** Everything the process wrote so far, stdout and stderr (JSON log lines). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
};

/**
 * The real server (apps/server/src/main.ts) in a process of its own, as `npm start` runs it but
 * without the web build: `node --import tsx`, one process (no watcher in between), so a signal
 * reaches the server itself. PORT 0: the address comes from its "listening" log line. Resolves
 * once /readyz answers 200; rejects with the output when the process exits first or is not ready
 * within `timeoutMs`.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const noWeb = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-process-web-'));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(TEST_|VITEST|DATABASE_URL|DATA_DIR|PORT|HOST|NODE_ENV)/.test(key)));
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: repoRoot,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'info', NODE_ENV: 'production', WEB_DIST: noWeb, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      fs.rmSync(noWeb, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(({ code, signal }) => {
    hasExited = true;
    output += `\n[exited with ${signal ?? code}]`;
  });

  const started = Date.now();
  const fail = (why: string) => {
    child.kill('SIGKILL');
    return new Error(`The server process ${why}. Its output:\n${output.slice(-4000)}`);
  };
  let address: string | null = null;
  while (!address) {
    if (hasExited) throw fail('exited before listening');
    if (Date.now() - started > timeoutMs) throw fail(`did not listen within ${timeoutMs} ms`);
    address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? null;
    if (!address) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (;;) {
    const ready = await fetch(`${address}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (hasExited) throw fail('exited before it was ready');
    if (Date.now() - started > timeoutMs) throw fail(`was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { address, pid: child.pid!, output: () => output, exited, kill: (signal) => child.kill(signal) };
}
