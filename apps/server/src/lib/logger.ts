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
  // Two levels down too (a request body's user.password): pino's wildcard reaches one level only.
  '*.*.password',
  '*.*.currentPassword',
  '*.*.newPassword',
  '*.*.pin',
  '*.*.token',
  '*.*.secret',
  '*.*.sessionId',
];

/** Drizzle's "Failed query: …\nparams: …" lists the values (a password hash, a session id): they go. */
export function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

type LoggedError = Error & { code?: unknown };
type SerializedError = { type: string; message: string; stack: string; code?: unknown; cause?: SerializedError };

/** Errors as pino writes them, without a failed query's parameters. */
function serializeError(err: LoggedError): SerializedError {
  return {
    type: err.constructor?.name ?? 'Error',
    message: withoutQueryParams(String(err.message)),
    stack: withoutQueryParams(err.stack ?? ''),
    ...(err.code === undefined ? {} : { code: err.code }),
    ...(err.cause instanceof Error ? { cause: serializeError(err.cause as LoggedError) } : {}),
  };
}

/**
 * The server's logger: readable lines (pino-pretty) when a person watches a terminal, one JSON
 * object per line otherwise (a service manager, a container, a file). LOG_FORMAT overrides the guess.
 */
export function loggerOptions(level: string, format: LogFormat, isTerminal = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  const pretty = format === 'pretty' || (format === 'auto' && isTerminal);
  return {
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { err: serializeError },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
}
