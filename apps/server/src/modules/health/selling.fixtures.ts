import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, outlets, receiptTemplates, registers, stockLevels } from '../../db/schema/index.ts';
import { HttpClient } from '../../testing/http-client.ts';
import { addProduct, openDrawer, saleBody } from '../orders/sale.fixtures.ts';
import { ensureDefaultReceiptTemplate } from '../receipts/service.ts';
import { createUser } from '../users/service.ts';
import { ensureShopBasics } from '../../seed/bootstrap.ts';

/**
 * A shop that real server processes sell in (tests of several processes and of shutdown): a
 * register at Main store with its drawer open, a cashier, and a mug (8.00, no tax) in stock.
 */
export type SellingShop = { registerId: number; variantId: number; outletId: number; stock: number; cashier: { username: string; password: string } };

export const MUG_PRICE = 800;

export async function seedSellingShop(db: Db, stock = 100_000): Promise<SellingShop> {
  await ensureShopBasics(db);
  await ensureDefaultReceiptTemplate(db);
  const [template] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).limit(1);
  const [main] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.code, 'MAIN'));
  if (!template || !main) throw new Error('The shop has no receipt template or Main store');
  const [till] = await db.insert(registers).values({ name: 'Till 1', slug: 'main-till-1', outletId: main.id, receiptTemplateId: template.id }).returning({ id: registers.id });
  const cashier = { username: 'process-cashier', password: 'process-cashier-password-7Qx' };
  const user = await createUser(db, { username: cashier.username, name: 'Process cashier', email: null, type: 'cashier', password: cashier.password, active: true });
  await db.execute(sql`update users set outlet_id = ${main.id} where id = ${user.id}`);
  await openDrawer(db, till!, main.id, user.id);
  const mug = await addProduct(db, { title: 'Mug', variantName: '', sku: 'MUG-1', price: MUG_PRICE, cost: 300, taxIds: [], stock: [[main.id, stock]] });
  return { registerId: till!.id, variantId: mug.variantId, outletId: main.id, stock, cashier };
}

/** A sale of `quantity` mugs paid in cash, with a fresh uuid unless given one. */
export function mugSale(shop: SellingShop, quantity: number, uuid?: string) {
  return saleBody(shop.registerId, [[shop.variantId, quantity]], quantity * MUG_PRICE, uuid ? { uuid } : {});
}

export async function signedInCashier(address: string, shop: SellingShop, options: { keepAlive?: boolean; connections?: number } = {}): Promise<HttpClient> {
  const client = new HttpClient(address, options);
  await client.signIn(shop.cashier.username, shop.cashier.password);
  return client;
}

/** What the database holds of the sales: stock left, the orders' numbers and uuids. */
export async function storedSales(db: Db, shop: SellingShop) {
  const [level] = await db.select({ quantity: stockLevels.quantity }).from(stockLevels).where(eq(stockLevels.variantId, shop.variantId));
  const rows = await db.select({ number: orders.number, uuid: orders.uuid }).from(orders).orderBy(orders.number);
  const ledger = (await db.execute(sql`select coalesce(sum(delta), 0)::int as sold from stock_movements where variant_id = ${shop.variantId} and reason = 'sale'`)) as unknown as {
    rows: Array<{ sold: number }>;
  };
  return { stockLeft: level?.quantity ?? 0, numbers: rows.map((r) => r.number), uuids: rows.map((r) => r.uuid), ledgerSold: -(ledger.rows[0]?.sold ?? 0) };
}

/** MAIN-000001 … MAIN-00000n: the numbers a gap-free run of n sales at Main store has. */
export const gapFreeNumbers = (n: number) => Array.from({ length: n }, (_, i) => `MAIN-${String(i + 1).padStart(6, '0')}`);

export type SaleOutcome = { uuid: string; quantity: number; sentAt: number; answeredAt: number; status?: number; error?: string };

/**
 * `concurrency` registers selling mugs without pause until a sale gets an answer other than 201
 * or a network error (the server is going away): then that register stops. `outcomes` fills as
 * the answers come; `done` resolves when every register has stopped.
 */
export function sellUntilRefused(client: HttpClient, shop: SellingShop, concurrency: number): { outcomes: SaleOutcome[]; done: Promise<void> } {
  const outcomes: SaleOutcome[] = [];
  let n = 0;
  const register = async () => {
    for (;;) {
      n += 1;
      const sale = mugSale(shop, (n % 3) + 1);
      const outcome: SaleOutcome = { uuid: sale.uuid, quantity: sale.lines[0]!.quantity, sentAt: performance.now(), answeredAt: 0 };
      outcomes.push(outcome);
      try {
        outcome.status = (await client.send('POST', '/api/orders/create', sale)).status;
      } catch (error) {
        outcome.error = (error as NodeJS.ErrnoException).code ?? String(error);
      }
      outcome.answeredAt = performance.now();
      if (outcome.status !== 201) return;
    }
  };
  return { outcomes, done: Promise.all(Array.from({ length: concurrency }, register)).then(() => undefined) };
}
