import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { BackupError } from './postgres-tools.ts';
import { backUpAndRecord, type BackupFile } from './service.ts';

/**
 * `npm run backup` while the server runs: PGlite lets one process open the data directory, so the
 * command asks the server, which holds it, over a Unix socket in DATA_DIR (decision 025). Only a
 * user who may open DATA_DIR — who could copy the database anyway — may connect (mode 0600).
 */
export const SOCKET_NAME = 'tillbook-backup.sock';
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

/** Serves backup requests on DATA_DIR's socket; the returned function closes it. */
export async function serveBackupRequests(handle: DatabaseHandle, dataDir: string, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  if (socket.length > MAX_SOCKET_PATH) {
    log.warn(`DATA_DIR's path is too long for the backup socket: stop the server to run npm run backup`);
    return async () => undefined;
  }
  const server = http.createServer((request, reply) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const answer = (status: number, value: unknown) => reply.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const directory = request.method === 'POST' && request.url === '/backups' ? parseDirectory(body) : null;
      if (!directory) return answer(400, { message: 'Expected POST /backups {"directory": "/absolute/path"}' });
      backUpAndRecord(handle, { directory, trigger: 'manual' }).then(
        (written) => answer(201, written),
        (err: unknown) => {
          log.error({ err }, 'backup asked for by npm run backup failed');
          answer(500, { message: err instanceof Error ? err.message : String(err) });
        },
      );
    });
  });
  // The lock on DATA_DIR is ours: a socket file left there is a previous run's.
  fs.rmSync(socket, { force: true });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  fs.chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socket, { force: true });
    });
}

function parseDirectory(body: string): string | null {
  try {
    const directory = (JSON.parse(body) as { directory?: unknown }).directory;
    return typeof directory === 'string' && path.isAbsolute(directory) ? directory : null;
  } catch {
    return null;
  }
}

/** Asks the server holding `dataDir` for a backup into `directory` (absolute). */
export function askServerForBackup(dataDir: string, directory: string): Promise<BackupFile> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: backupSocketPath(dataDir), path: '/backups', method: 'POST' }, (reply) => {
      let body = '';
      reply.on('data', (chunk: Buffer) => (body += chunk.toString()));
      reply.on('end', () => {
        const answer = JSON.parse(body || '{}') as BackupFile & { message?: string };
        if (reply.statusCode === 201) resolve(answer);
        else reject(new BackupError(`The running server could not write the backup: ${answer.message ?? reply.statusCode}`));
      });
    });
    request.on('error', (err) =>
      reject(new BackupError(`The server holding ${dataDir} did not answer on ${backupSocketPath(dataDir)} (${err.message}). Stop it and run npm run backup again.`)),
    );
    request.end(JSON.stringify({ directory }));
  });
}
