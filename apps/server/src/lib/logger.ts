import type { FastifyServerOptions } from 'fastify';

export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * Whatever might carry a secret is replaced before a line is written: the session and XSRF cookies,
 * authorization headers, and any password, PIN or token field an error or a plugin logs. Fastify's
 * own request lines carry the method, URL and address only; these paths keep it that way if a
 * future line logs headers or a body.
 */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'pin',
  'token',
  'secret',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.pin',
  '*.token',
  '*.secret',
  '*.sessionId',
];

/**
 * The server's logger: readable lines (pino-pretty) when a person watches a terminal, one JSON
 * object per line otherwise (a service manager, a container, a file). LOG_FORMAT overrides the guess.
 */
export function loggerOptions(level: string, format: LogFormat, isTerminal = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  const pretty = format === 'pretty' || (format === 'auto' && isTerminal);
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
}
