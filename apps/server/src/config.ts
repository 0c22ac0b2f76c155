import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, parsed once (DESIGN.md §6). */
const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://').optional(),
  ),
  /** A read replica of DATABASE_URL that the reports and their exports read from (optional). */
  REPORTS_DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'REPORTS_DATABASE_URL must start with postgres://').optional(),
  ),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText,
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  SESSION_LIFETIME_MINUTES: z.coerce.number().int().min(5).default(720),
  SENTRY_DSN: optionalText.pipe(z.url().optional()),
  /** GET /metrics answers a scraper sending it as a Bearer token; without it /metrics is a 404. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
  COOKIE_SECURE: booleanish.default(false),
  TRUST_PROXY: booleanish.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines in a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** On SIGTERM/SIGINT, how long requests in flight may still take before their connections are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  NODE_ENV: z.string().default('production'),
  WEB_DIST: optionalText,
  /** Where backups go (default DATA_DIR/backups); the daily one runs at BACKUP_TIME, server's local time. */
  BACKUP_DIR: optionalText,
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, 'BACKUP_TIME must be HH:MM (24-hour) or off')
    .default('03:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP must be at least 1').max(1000).default(14),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'WEB_DIST' | 'BACKUP_DIR'> & {
  DATA_DIR: string;
  WEB_DIST: string;
  BACKUP_DIR: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    WEB_DIST: path.resolve(parsed.data.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    BACKUP_DIR: path.resolve(parsed.data.BACKUP_DIR ?? path.join(parsed.data.DATA_DIR, 'backups')),
  };
}
