import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { auditVerifyReport } from './verify.ts';

/**
 * `npm run audit:verify`: walks the audit log's hash chain in the configured database (same
 * DATA_DIR / DATABASE_URL as `npm start`) and exits 0 when it holds, 1 naming the first broken entry.
 * On PostgreSQL it may run beside the servers; the embedded database is opened by one process at
 * a time, so stop the server first.
 */
async function verify(): Promise<number> {
  const database = await openDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    const report = await auditVerifyReport(database.db);
    (report.exitCode === 0 ? console.log : console.error)(report.message);
    return report.exitCode;
  } finally {
    await database.close();
  }
}

verify().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
