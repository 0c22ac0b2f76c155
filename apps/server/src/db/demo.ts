import { loadConfig } from '../config.ts';
import { upsertUserByUsername } from '../modules/users/service.ts';
import { ensureShopBasics } from './bootstrap.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/**
 * `npm run demo`: demo data for every area that exists, in the configured database (same
 * DATA_DIR / DATABASE_URL as `npm start`). Running it again resets the demo accounts.
 */
export const demoAccounts = [
  { username: 'admin', password: 'password', name: 'Alex Admin', email: 'admin@demo.tillbook.test', type: 'administrator' },
  { username: 'cashier', password: 'password', name: 'Casey Cashier', email: 'cashier@demo.tillbook.test', type: 'cashier' },
] as const;

async function loadDemo() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    await ensureShopBasics(database.db);
    for (const account of demoAccounts) {
      await upsertUserByUsername(database.db, account);
      console.log(`demo account: ${account.username} / ${account.password} (${account.type})`);
    }
  } finally {
    await database.close();
  }
}

loadDemo().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
