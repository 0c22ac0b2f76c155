// The server the e2e tests drive: a fresh PGlite database with the demo accounts, on E2E_PORT, and a
// real SMTP listener for e-mailed receipts that keeps each message it receives in e2e/.data/mail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'e2e/.data');
const mailDir = path.join(dataDir, 'mail');

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      fs.writeFileSync(path.join(mailDir, `${String(received).padStart(4, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
// Listening first: a second e2e run on this checkout stops here (the port is taken) before it can
// empty the data folder of the run that holds it.
await new Promise((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(smtpPort, '127.0.0.1', resolve);
});
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?from=receipts@tillbook.test`,
};
delete env.DATABASE_URL;

const demo = spawnSync('npm', ['run', 'demo'], { cwd: root, env, stdio: 'inherit' });
if (demo.status !== 0) process.exit(demo.status ?? 1);
Object.assign(process.env, env);
await import('./start.mjs');
