import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { RuntimeConfig } from '@tillbook/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.ts';
import { authRoutes } from './modules/auth/routes.ts';
import type { SessionKeys } from './modules/auth/sessions.ts';
import { backupsRoutes } from './modules/backups/routes.ts';
import type { BackupPlan } from './modules/backups/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { areaRoutes } from './modules/index.ts';
import { contentTypesPlugin } from './plugins/content-types.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { metricsPlugins } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webPlugin } from './plugins/web.ts';
import { getShopSettings } from './modules/settings/service.ts';
import { createMailer } from './lib/mailer.ts';
import { mediaDir } from './lib/media.ts';
import './types.ts';

export const APP_VERSION = '0.1.0';
/** JSON bodies above this are refused with 413 (files arrive as multipart, with their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

export type AppOptions = {
  database: DatabaseHandle;
  sessionKeys: SessionKeys;
  secureCookies: boolean;
  trustProxy?: boolean;
  sentryDsn?: string;
  webDistDir: string;
  /** DATA_DIR: uploaded media live in its media/ folder. */
  dataDir: string;
  environment?: string;
  /** SMTP_URL; without it a request to send e-mail answers 503 rather than pretending to send. */
  smtpUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** BACKUP_DIR, BACKUP_TIME, BACKUP_KEEP: shown under Settings › Backups (none in tests unless given). */
  backups?: BackupPlan;
  /** REPORTS_DATABASE_URL: a read replica the reports and their exports read from (default: `database`). */
  reportsDatabase?: DatabaseHandle;
  /** METRICS_TOKEN: GET /metrics answers a scraper holding it; without one, /metrics is a 404. */
  metricsToken?: string;
};

/** Builds the Fastify instance with every plugin and module; it never listens (DESIGN.md §2). */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.database.db;
  app.decorate('db', db);
  app.decorate('reportsDb', options.reportsDatabase?.db ?? db);
  app.decorate('dataDir', options.dataDir);
  app.decorate('mailer', createMailer(options.smtpUrl));
  await app.register(errorsPlugin);
  const databases = [{ name: 'main', handle: options.database }];
  if (options.reportsDatabase) databases.push({ name: 'reports', handle: options.reportsDatabase });
  const metrics = metricsPlugins({ token: options.metricsToken, databases });
  // Before compression: onSend hooks run in the order they are added, and the metrics read sale
  // and refund answers as JSON text.
  await app.register(metrics.hooks);
  // Answers above 1 KB (JSON, CSV) go out brotli- or gzip-compressed as Accept-Encoding allows.
  // Never twice: a response that already has a Content-Encoding (the built assets, compressed at
  // build time, plugins/web.ts) is left alone; PDFs, images and event streams are not compressed.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(securityPlugin, { secureCookies: options.secureCookies, sentryDsn: options.sentryDsn });
  await app.register(cookie);
  // Files arrive as multipart; each route checks its own size and type (lib/media.ts, CSV uploads).
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(sessionPlugin, { db, keys: options.sessionKeys, secureCookies: options.secureCookies });
  await app.register(contentTypesPlugin);
  await app.register(openapiPlugin, { version: APP_VERSION });

  await app.register(healthRoutes, { database: options.database });
  await app.register(metrics.routes);
  await app.register(backupsRoutes, { database: options.database, plan: options.backups });
  await app.register(authRoutes, { db, keys: options.sessionKeys });
  for (const routes of areaRoutes) await app.register(routes);

  const runtimeConfig = async (): Promise<RuntimeConfig> => {
    const shop = await getShopSettings(db);
    return {
      sentryDsn: options.sentryDsn ?? null,
      environment: options.environment ?? 'production',
      release: APP_VERSION,
      businessName: shop.businessName,
      logoUrl: shop.logoUrl,
    };
  };
  await app.register(webPlugin, { distDir: options.webDistDir, mediaDir: mediaDir(options.dataDir), runtimeConfig });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
