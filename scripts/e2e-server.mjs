// The server the e2e tests drive: a fresh PGlite database with the demo accounts, on E2E_PORT, and a
// real SMTP listener for e-mailed receipts that keeps each message it receives in e2e/.data/mail.
// The server's log (JSON lines, at info so every request is in it) is kept whole in
// e2e/.data/server.log, and anything it writes to stderr in e2e/.data/server-stderr.log, for the
// secrets check that runs after the tests (e2e/global-teardown.ts). The console still shows what
// it showed before: stderr, and the log lines at warn and above.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'e2e/.data');
const mailDir = path.join(dataDir, 'mail');
const serverLogFile = path.join(dataDir, 'server.log');
const serverStderrFile = path.join(dataDir, 'server-stderr.log');

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
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?from=receipts@tillbook.test`,
};
delete env.DATABASE_URL;

const demo = spawnSync('npm', ['run', 'demo'], { cwd: root, env, stdio: 'inherit' });
if (demo.status !== 0) process.exit(demo.status ?? 1);

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
teeLines(server.stdout, serverLogFile, (line) => {
  if (!(levelOf(line) < 40)) process.stdout.write(`${line}\n`);
});
teeLines(server.stderr, serverStderrFile, (line) => process.stderr.write(`${line}\n`));
// Ctrl-C in a terminal reaches the server too (one process group); a SIGTERM for this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** Each whole line of `stream` appended to `file` as it comes, and handed to `echo`. */
function teeLines(stream, file, echo) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    if (!lines.length) return;
    fs.appendFileSync(file, lines.map((line) => `${line}\n`).join(''));
    for (const line of lines) echo(line);
  });
  stream.on('end', () => {
    if (!rest) return;
    fs.appendFileSync(file, `${rest}\n`);
    echo(rest);
  });
}

/** A JSON log line's pino level (30 info, 40 warn…); NaN for anything else, which is always shown. */
function levelOf(line) {
  try {
    return Number(JSON.parse(line).level);
  } catch {
    return NaN;
  }
}
