import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Real processes on one PGlite data directory (DESIGN.md §3): the second refuses to start, and a
 * lock left by a killed process does not block the next start.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-lock-'));
const started: ChildProcess[] = [];

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function run(script: string, port: number): Run {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'a-long-enough-password',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, server: Run): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  for (let i = 0; i < 600; i += 1) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}): ${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer on ${port}: ${server.output()}`);
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('one PGlite data directory, one process', () => {
  it('refuses a second server and the demo loader on a directory in use, and restarts after kill -9', async () => {
    const firstPort = await freePort();
    const first = run('apps/server/src/main.ts', firstPort);
    await waitForHealth(firstPort, first);

    const secondPort = await freePort();
    const second = run('apps/server/src/main.ts', secondPort);
    const secondOutcome = await Promise.race([second.exited, waitForHealth(secondPort, second).then(() => 'serving', () => 'exited')]);
    expect(secondOutcome).not.toBe('serving');
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Tillbook process (pid ${first.child.pid}`);

    const demo = run('apps/server/src/seed/demo.ts', await freePort());
    expect(await demo.exited).not.toBe(0);
    expect(demo.output()).toContain('is in use by another Tillbook process');

    // The first server is still the one serving.
    expect((await fetch(`http://127.0.0.1:${firstPort}/healthz`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'tillbook.lock'))).toBe(true);

    const restartPort = await freePort();
    const restarted = run('apps/server/src/main.ts', restartPort);
    await waitForHealth(restartPort, restarted);
    const body = (await (await fetch(`http://127.0.0.1:${restartPort}/healthz`)).json()) as { database: string };
    expect(body.database).toBe('pglite');

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    // A clean stop leaves the directory free for the next process.
    expect(fs.existsSync(path.join(dataDir, 'tillbook.lock'))).toBe(false);
  }, 180_000);
});
