import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { outlets } from '../db/schema/index.ts';
import { upsertUserByUsername } from '../modules/users/service.ts';
import { ensureShopBasics } from './bootstrap.ts';
import { loadDemoCatalogue } from './demo-catalogue.ts';
import { loadDemoCoupons } from './demo-coupons.ts';
import { loadDemoPeople } from './demo-people.ts';
import { loadDemoPurchasing } from './demo-purchasing.ts';
import { loadDemoRegisters } from './demo-registers.ts';
import { loadDemoRewards } from './demo-rewards.ts';
import { loadDemoSuppliers } from './demo-suppliers.ts';

/**
 * `npm run demo`: demo data for every area that exists, in the configured database (same
 * DATA_DIR / DATABASE_URL as `npm start`). Running it again resets the demo accounts.
 */
export const demoAccounts = [
  // The PIN approves at the till what a cashier may not do alone (Settings › Cashier rights).
  { username: 'admin', password: 'password', name: 'Alex Admin', email: 'admin@demo.tillbook.test', type: 'administrator', pin: '1234' },
  { username: 'cashier', password: 'password', name: 'Casey Cashier', email: 'cashier@demo.tillbook.test', type: 'cashier' },
] as const;

async function loadDemo() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    await ensureShopBasics(database.db);
    const [main] = await database.db.select().from(outlets).where(eq(outlets.code, 'MAIN'));
    let adminId: number | null = null;
    for (const account of demoAccounts) {
      const user = await upsertUserByUsername(database.db, { ...account, outletId: account.type === 'cashier' ? (main?.id ?? null) : null });
      if (account.type === 'administrator') adminId = user.id;
      console.log(`demo account: ${account.username} / ${account.password} (${account.type}${'pin' in account ? `, PIN ${account.pin}` : ''})`);
    }
    const products = await loadDemoCatalogue(database.db, config.DATA_DIR, adminId);
    console.log(products ? `demo catalogue: ${products} products in 3 outlets` : 'demo catalogue: already loaded');
    const people = await loadDemoPeople(database.db, adminId);
    console.log(`demo people: ${people.cashiers} more cashiers, ${people.customers} customers`);
    const coupons = await loadDemoCoupons(database.db);
    if (coupons) console.log(`demo coupons: ${coupons}`);
    await loadDemoSuppliers(database.db);
    const purchasing = await loadDemoPurchasing(database.db, adminId);
    if (purchasing) console.log(`demo purchasing: ${purchasing}`);
    await loadDemoRegisters(database.db);
    const loyalty = await loadDemoRewards(database.db);
    if (loyalty) console.log(`demo loyalty: ${loyalty}`);
  } finally {
    await database.close();
  }
}

loadDemo().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
