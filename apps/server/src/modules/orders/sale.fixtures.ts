import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cashboxSessions,
  outlets,
  products,
  productTaxes,
  productVariants,
  receiptTemplates,
  registers,
  stockLevels,
  taxes,
} from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { ensureDefaultReceiptTemplate } from '../receipts/service.ts';
import { refreshProductStock } from '../stock/service.ts';

/**
 * A shop to sell in (tests only): two outlets with a register each, a 20 % tax added on top, a
 * shirt variant (25.00 + tax, 10 in stock at Main store) and a mug (8.00, no tax, 5 in stock).
 */
export type SaleShop = {
  admin: TestClient;
  cashier: TestClient;
  cashierId: number;
  adminId: number;
  main: { id: number; code: string; name: string };
  harbour: { id: number; code: string; name: string };
  till: { id: number; name: string };
  harbourTill: { id: number; name: string };
  templateId: number;
  vatId: number;
  shirt: { productId: number; variantId: number };
  mug: { productId: number; variantId: number };
};

export async function seedSaleShop(ctx: TestContext): Promise<SaleShop> {
  const db = ctx.database.db;
  await ensureDefaultReceiptTemplate(db);
  const [template] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).limit(1);
  const [main] = await db.select({ id: outlets.id, code: outlets.code, name: outlets.name }).from(outlets).where(eq(outlets.code, 'MAIN'));
  const [harbour] = await db.insert(outlets).values({ name: 'Harbour Road', code: 'HRB' }).returning({ id: outlets.id, code: outlets.code, name: outlets.name });
  if (!template || !main || !harbour) throw new Error('The test shop has no template or outlet');
  const tills = await db
    .insert(registers)
    .values([
      { name: 'Till 1', slug: 'main-till-1', outletId: main.id, receiptTemplateId: template.id },
      { name: 'Harbour till', slug: 'hrb-till-1', outletId: harbour.id, receiptTemplateId: template.id },
    ])
    .returning({ id: registers.id, name: registers.name });
  const [vat] = await db.insert(taxes).values({ name: 'VAT 20', rateE4: 200_000 }).returning({ id: taxes.id });
  if (!vat) throw new Error('no tax');
  const shirt = await addProduct(db, { title: 'Linen shirt', variantName: 'M / Blue', sku: 'SHIRT-M-BLUE', price: 2500, cost: 1100, taxIds: [vat.id], stock: [[main.id, 10]] });
  const mug = await addProduct(db, { title: 'Mug', variantName: '', sku: 'MUG-1', price: 800, cost: 300, taxIds: [], stock: [[main.id, 5]] });

  const signedCashier = await ctx.signIn('cashier');
  await db.execute(sql`update users set outlet_id = ${main.id} where id = ${signedCashier.user.id}`);
  const signedAdmin = await ctx.signIn('administrator');
  return {
    admin: signedAdmin.client,
    adminId: signedAdmin.user.id,
    cashier: signedCashier.client,
    cashierId: signedCashier.user.id,
    main,
    harbour,
    till: tills[0]!,
    harbourTill: tills[1]!,
    templateId: template.id,
    vatId: vat.id,
    shirt,
    mug,
  };
}

export async function addProduct(
  db: Db,
  p: { title: string; variantName: string; sku: string; price: number; cost: number; taxIds: number[]; stock: Array<[number, number]>; trackStock?: boolean },
): Promise<{ productId: number; variantId: number }> {
  const [product] = await db.insert(products).values({ title: p.title, trackStock: p.trackStock ?? true }).returning({ id: products.id });
  if (!product) throw new Error('no product');
  const [variant] = await db
    .insert(productVariants)
    .values({ productId: product.id, name: p.variantName, sku: p.sku, price: p.price, cost: p.cost, isDefault: p.variantName === '' })
    .returning({ id: productVariants.id });
  if (!variant) throw new Error('no variant');
  if (p.taxIds.length) await db.insert(productTaxes).values(p.taxIds.map((taxId, position) => ({ productId: product.id, taxId, position })));
  if (p.stock.length) await db.insert(stockLevels).values(p.stock.map(([outletId, quantity]) => ({ outletId, variantId: variant.id, quantity })));
  await refreshProductStock(db, [product.id]);
  return { productId: product.id, variantId: variant.id };
}

/** Opens a register's drawer the way the cash drawer screen stores it. */
export async function openDrawer(db: Db, register: { id: number }, outletId: number, userId: number, openingFloat = 10_000): Promise<number> {
  const [session] = await db.insert(cashboxSessions).values({ registerId: register.id, outletId, openedBy: userId, openingFloat }).returning({ id: cashboxSessions.id });
  if (!session) throw new Error('no session');
  return session.id;
}

export async function closeDrawer(db: Db, sessionId: number): Promise<void> {
  await db.update(cashboxSessions).set({ status: 'closed', closedAt: new Date() }).where(eq(cashboxSessions.id, sessionId));
}

/** A sale body: lines as [variantId, quantity]; paid in cash with exactly the total unless told. */
export function saleBody(registerId: number, lines: Array<[number, number]>, total: number, overrides: Record<string, unknown> = {}) {
  return {
    uuid: randomUUID(),
    registerId,
    lines: lines.map(([variantId, quantity]) => ({ variantId, quantity })),
    payments: [{ tender: 'cash', amount: total }],
    total,
    ...overrides,
  };
}

/** Gives the shop's administrator a PIN, as the staff screen saves it (approvals at the till). */
export async function setAdministratorPin(shop: SaleShop, pin: string): Promise<void> {
  const admin = (await shop.admin.get(`/api/users/${shop.adminId}/edit`)).json().data;
  const res = await shop.admin.put(`/api/users/${shop.adminId}/edit`, { ...admin, password: null, passwordConfirmation: null, pin });
  if (res.statusCode !== 200) throw new Error(`The PIN was not saved: ${res.statusCode} ${res.body}`);
}

/**
 * A test server with the sale shop, its Main store drawer open by the cashier (`drawer`), and with
 * `harbour` the Harbour Road drawer open by the administrator too.
 */
export async function openSaleShop(options: { harbour?: boolean } = {}): Promise<{ ctx: TestContext; shop: SaleShop; drawer: number }> {
  const ctx = await createTestContext();
  const shop = await seedSaleShop(ctx);
  const drawer = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  if (options.harbour) await openDrawer(ctx.database.db, shop.harbourTill, shop.harbour.id, shop.adminId);
  return { ctx, shop, drawer };
}
