import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { rebuildProductStock } from '../stock/service.ts';
import { rebuildSummaries } from './summaries.ts';

/**
 * `npm run summaries:rebuild`: recomputes the reports' summaries from the orders, refunds and stock
 * ledger, and the stock summary per product from the stock levels, of the configured database (same DATA_DIR / DATABASE_URL as `npm start`; decision 020).
 * On PostgreSQL it may run beside the servers: sales wait while it works. The embedded database
 * is opened by one process at a time, so stop the server first.
 */
async function rebuild() {
  const database = await openDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    const started = Date.now();
    await rebuildSummaries(database.db);
    console.log(`report summaries rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const stockStarted = Date.now();
    await rebuildProductStock(database.db);
    console.log(`stock summary per product rebuilt in ${((Date.now() - stockStarted) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

rebuild().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
