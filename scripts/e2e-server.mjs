// The server the e2e tests drive: a fresh PGlite database with the demo accounts, on E2E_PORT.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'e2e/.data');
fs.rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dataDir, PORT: process.env.E2E_PORT ?? '3100', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;

const demo = spawnSync('npm', ['run', 'demo'], { cwd: root, env, stdio: 'inherit' });
if (demo.status !== 0) process.exit(demo.status ?? 1);
Object.assign(process.env, env);
await import('./start.mjs');
