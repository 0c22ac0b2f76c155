import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ensureFirstAdministrator, ensureShopBasics, resolveSessionSecret } from './seed/bootstrap.ts';
import { openDatabase, openPostgres } from './db/client.ts';
import { migrateThen } from './db/migrate.ts';
import { loggerOptions, withoutQueryParams } from './lib/logger.ts';
import { closeOnSignals } from './lib/shutdown.ts';
import { keepSealing } from './modules/analytics/sealing.ts';
import { keepExpiringPoints } from './modules/rewards/expiry.ts';
import { backupPlanOf, startBackups } from './modules/backups/start.ts';

/** Reads the configuration, migrates the database, creates the first administrator, listens. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  // The first start's setup runs under the migrations' lock: servers starting together do it once.
  const { secret, firstAdmin } = await migrateThen(database, async (db) => {
    await ensureShopBasics(db);
    return {
      secret: await resolveSessionSecret(db, config.SESSION_SECRET),
      firstAdmin: await ensureFirstAdministrator(db, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }),
    };
  });
  // A read replica for the reports: a small pool of its own (docs/operations.md, Read replica).
  const reportsDatabase = config.REPORTS_DATABASE_URL ? openPostgres(config.REPORTS_DATABASE_URL, { max: 5 }) : undefined;
  const app = await buildApp({
    database,
    sessionKeys: { secret, lifetimeMs: config.SESSION_LIFETIME_MINUTES * 60_000 },
    secureCookies: config.COOKIE_SECURE,
    trustProxy: config.TRUST_PROXY,
    sentryDsn: config.SENTRY_DSN,
    webDistDir: config.WEB_DIST,
    dataDir: config.DATA_DIR,
    smtpUrl: config.SMTP_URL,
    environment: config.NODE_ENV,
    backups: backupPlanOf(config),
    logger: loggerOptions(config.LOG_LEVEL, config.LOG_FORMAT),
    reportsDatabase,
    metricsToken: config.METRICS_TOKEN,
  });

  if (firstAdmin?.generatedPassword) {
    // Printed once, on the start that creates the account; it is stored only as a hash.
    app.log.warn(
      `First start: created administrator "${firstAdmin.username}" with password "${firstAdmin.generatedPassword}". ` +
        'Write it down now: it will not be shown again.',
    );
  } else if (firstAdmin) {
    app.log.info(`First start: created administrator "${firstAdmin.username}" from ADMIN_PASSWORD`);
  }

  const stopSealing = keepSealing(database.db, app.log);
  const stopExpiring = keepExpiringPoints(database.db, app.log);
  const stopBackups = await startBackups(database, backupPlanOf(config), config.DATA_DIR, app.log);
  closeOnSignals(app, {
    stopTimers: [stopSealing, stopExpiring, () => void stopBackups()],
    closeDatabases: [() => database.close(), ...(reportsDatabase ? [() => reportsDatabase.close()] : [])],
    timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  app.log.info(`Tillbook is serving http://localhost:${config.PORT} with ${where}`);
}

main().catch((err: unknown) => {
  // A failed query's message lists its parameters (a password hash, a session id): not those.
  console.error(err instanceof Error ? withoutQueryParams(err.message) : err);
  process.exit(1);
});
