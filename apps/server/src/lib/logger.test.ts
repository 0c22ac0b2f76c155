import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';

/** A Fastify logger as the server builds it, writing its JSON lines into `lines`. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const options = loggerOptions('info', 'json', false) as object;
  const app = Fastify({ logger: { ...options, stream } });
  return { log: app.log, lines };
}

describe('the server log', () => {
  it('is JSON lines unless a terminal watches (then pino-pretty), or LOG_FORMAT says', () => {
    expect(loggerOptions('info', 'auto', false)).not.toHaveProperty('transport');
    expect(loggerOptions('info', 'auto', true)).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions('info', 'json', true)).not.toHaveProperty('transport');
    expect(loggerOptions('warn', 'pretty', false)).toMatchObject({ level: 'warn', transport: { target: 'pino-pretty' } });
  });

  it('never writes cookies, authorization, passwords, PINs or tokens', () => {
    const { log, lines } = capture();
    log.info(
      {
        req: { headers: { cookie: 'tillbook_session=s3cr3t-session', authorization: 'Bearer s3cr3t-bearer', 'x-xsrf-token': 's3cr3t-xsrf' } },
        res: { headers: { 'set-cookie': 'tillbook_session=s3cr3t-session' } },
        body: { password: 's3cr3t-password', pin: '4711', token: 's3cr3t-token', user: { password: 's3cr3t-deep', pin: '4712' } },
        password: 's3cr3t-password',
      },
      'a request',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('a request');
    expect(lines[0]).not.toMatch(/s3cr3t|4711|4712/);
  });

  it("leaves out a failed query's parameters (a password hash, a session id)", () => {
    const { log, lines } = capture();
    const err = new Error('Failed query: select * from sessions where id = $1\nparams: s3cr3t-session-id');
    log.error({ err }, 'request failed');
    expect(lines[0]).toContain('Failed query: select * from sessions where id = $1');
    expect(lines[0]).not.toContain('s3cr3t');
  });
});
