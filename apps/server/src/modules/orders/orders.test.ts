import { defaultCashierRights, totalMismatchMessage } from '@tillbook/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, customers, orderLines, orderPayments, orders, stockLevels, stockMovements } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { syncPage, syncPages } from '../products/sync.fixtures.ts';
import { addProduct, closeDrawer, openDrawer, openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;
let sessionId: number;

beforeAll(async () => {
  ({ ctx, shop, drawer: sessionId } = await openSaleShop());
});
afterAll(() => ctx.close());

const stockOf = async (variantId: number, outletId = shop.main.id) =>
  (await ctx.database.db.select().from(stockLevels).where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.outletId, outletId))))[0]?.quantity;
const ledgerOf = (variantId: number) => ctx.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, variantId));

describe('completing a sale', () => {
  it('stores the order with copied lines, taxes and payments, gives change, and takes the stock through the ledger', async () => {
    // 2 shirts at 25.00 + 20 % = 60.00, one mug 8.00: 68.00; the customer hands over 70.00 in cash.
    const body = saleBody(shop.till.id, [[shop.shirt.variantId, 2], [shop.mug.variantId, 1]], 6800, { payments: [{ tender: 'cash', amount: 7000 }] });
    const res = await shop.cashier.post('/api/orders/create', body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      uuid: body.uuid,
      number: 'MAIN-000001',
      status: 'paid',
      outletId: shop.main.id,
      outletName: 'Main store',
      registerId: shop.till.id,
      registerName: 'Till 1',
      cashboxSessionId: sessionId,
      subtotal: 5800,
      taxTotal: 1000,
      total: 6800,
      paid: 7000,
      change: 200,
      receiptTemplateId: shop.templateId,
    });
    expect(order.lines).toHaveLength(2);
    expect(order.lines[0]).toMatchObject({ title: 'Linen shirt', variantName: 'M / Blue', sku: 'SHIRT-M-BLUE', quantity: 2, unitPrice: 2500, taxTotal: 1000, total: 6000 });
    expect(order.lines[0].taxes).toEqual([{ id: shop.vatId, name: 'VAT 20', rateE4: 200_000, isInclusive: false, isCompound: false, base: 5000, amount: 1000 }]);
    expect(order.taxes).toEqual([{ id: shop.vatId, name: 'VAT 20', rateE4: 200_000, isInclusive: false, isCompound: false, base: 5000, amount: 1000 }]);
    expect(order.payments).toEqual([{ id: expect.any(Number), tender: 'cash', amount: 6800, tendered: 7000, change: 200, reference: null }]);

    const [line] = await ctx.database.db.select().from(orderLines).where(and(eq(orderLines.orderId, order.id), eq(orderLines.position, 0)));
    expect(line?.unitCost).toBe(1100);
    const [payment] = await ctx.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(payment?.cashboxSessionId).toBe(sessionId);
    expect(await stockOf(shop.shirt.variantId)).toBe(8);
    expect(await stockOf(shop.mug.variantId)).toBe(4);
    const ledger = await ledgerOf(shop.shirt.variantId);
    expect(ledger).toEqual([expect.objectContaining({ delta: -2, quantityAfter: 8, reason: 'sale', documentType: 'order', documentId: order.id })]);

    const read = await shop.cashier.get(`/api/orders/${order.id}`);
    expect(read.statusCode).toBe(200);
    // The detail is the sale's answer plus the stock movements it caused and its refunds (the back office's).
    expect(read.json().data).toEqual({ ...order, refunded: { count: 0, total: 0, taxTotal: 0 }, approval: null, stockMovements: [expect.objectContaining({ delta: -2 }), expect.objectContaining({ delta: -1 })] });
  });

  it('answers the first order for the same uuid again and changes nothing', async () => {
    const body = saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800);
    const first = await shop.cashier.post('/api/orders/create', body);
    expect(first.statusCode).toBe(201);
    const before = await stockOf(shop.mug.variantId);
    const again = await shop.cashier.post('/api/orders/create', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await stockOf(shop.mug.variantId)).toBe(before);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.uuid, body.uuid))).toHaveLength(1);
    expect((await ledgerOf(shop.mug.variantId)).filter((m) => m.documentId === first.json().data.id)).toHaveLength(1);
  });

  it('numbers sales one after another per outlet', async () => {
    const harbourSession = await openDrawer(ctx.database.db, shop.harbourTill, shop.harbour.id, shop.adminId);
    const numbers: string[] = [];
    for (const till of [shop.till, shop.harbourTill, shop.till, shop.harbourTill]) {
      const res = await shop.admin.post('/api/orders/create', saleBody(till.id, [[shop.mug.variantId, 1]], 800));
      numbers.push(res.json().data?.number);
    }
    // Harbour has no stock row for the mug yet: selling below zero is refused there.
    expect(numbers).toEqual(['MAIN-000003', undefined, 'MAIN-000004', undefined]);
    await ctx.database.db.insert(stockLevels).values({ outletId: shop.harbour.id, variantId: shop.mug.variantId, quantity: 3 });
    const hrb = await shop.admin.post('/api/orders/create', saleBody(shop.harbourTill.id, [[shop.mug.variantId, 1]], 800));
    expect(hrb.json().data.number).toBe('HRB-000001');
    await closeDrawer(ctx.database.db, harbourSession);
  });
});

describe('refusing a sale', () => {
  it('refuses a total the server prices differently, and a sale not fully paid', async () => {
    const changed = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 2500));
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors).toEqual({ total: [totalMismatchMessage] });

    const short = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { payments: [{ tender: 'card', amount: 2000 }] }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ payments: ['The sale is not fully paid: $10.00 is still due.'] });

    const overCard = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { payments: [{ tender: 'card', amount: 3500 }] }));
    expect(overCard.json().errors).toEqual({ payments: ['Card and other payments may not exceed what is due: $5.00 too much was entered.'] });
  });

  it('refuses selling more than is in stock, naming the product, unless the shop allows below zero', async () => {
    const before = await stockOf(shop.shirt.variantId);
    const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1], [shop.shirt.variantId, 20]], 800 + 60000));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'lines.1.quantity': [`Only ${before} of Linen shirt — M / Blue left at Main store.`] });
    expect(await stockOf(shop.shirt.variantId)).toBe(before);

    await ctx.database.db.execute(sql`insert into settings (key, value) values ('shop', '{"allowNegativeStock": true}'::jsonb)
      on conflict (key) do update set value = settings.value || '{"allowNegativeStock": true}'::jsonb`);
    const allowed = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 20]], 60000));
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(await stockOf(shop.shirt.variantId)).toBe(before! - 20);
    await ctx.database.db.execute(sql`update settings set value = value || '{"allowNegativeStock": false}'::jsonb where key = 'shop'`);
    await ctx.database.db.update(stockLevels).set({ quantity: 50 }).where(eq(stockLevels.variantId, shop.shirt.variantId));
  });

  it('forbids a cashier another outlet’s register, and refuses a closed drawer or an unknown product', async () => {
    const other = await shop.cashier.post('/api/orders/create', saleBody(shop.harbourTill.id, [[shop.mug.variantId, 1]], 800));
    expect(other.statusCode).toBe(403);

    const closed = await shop.admin.post('/api/orders/create', saleBody(shop.harbourTill.id, [[shop.mug.variantId, 1]], 800));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors).toEqual({ registerId: ['The drawer of Harbour till is closed. Open it before selling.'] });

    const unknown = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1], [999_999, 1]], 800));
    expect(unknown.json().errors).toEqual({ 'lines.1.variantId': ['This product no longer exists.'] });
    const archived = await addProduct(ctx.database.db, { title: 'Old mug', variantName: '', sku: 'MUG-OLD', price: 500, cost: 0, taxIds: [], stock: [] });
    await ctx.database.db.execute(sql`update products set status = 'archived' where id = ${archived.productId}`);
    const off = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[archived.variantId, 1]], 500));
    expect(off.json().errors).toEqual({ 'lines.0.variantId': ['Old mug is not on sale.'] });

    const customer = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId: 999_999 }));
    expect(customer.json().errors).toEqual({ customerId: ['The chosen customer does not exist.'] });

    const bad = await shop.cashier.post('/api/orders/create', { registerId: shop.till.id, lines: [], payments: 'cash', total: 'x', uuid: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['lines', 'payments', 'total', 'uuid']);
  });
});

describe('coupons at the till', () => {
  it('applies a coupon in place of the manual discount, counts its use and the customer’s spend', async () => {
    const db = ctx.database.db;
    await db.update(stockLevels).set({ quantity: 50 }).where(eq(stockLevels.variantId, shop.mug.variantId));
    const [coupon] = await db.insert(coupons).values({ code: 'TEN-OFF', name: 'Ten off', kind: 'percentage', rateE4: 100_000, usageLimit: 1, perCustomerLimit: 1 }).returning();
    const [customer] = await db.insert(customers).values({ name: 'Ada Lovelace', email: 'ada@example.com' }).returning();
    const cart = { lines: [{ variantId: shop.mug.variantId, quantity: 2 }], couponCode: 'ten-off', orderDiscount: { kind: 'amount', amount: 100 } };

    const needsCustomer = await shop.cashier.post('/api/orders/apply-coupon', cart);
    expect(needsCustomer.statusCode).toBe(422);
    expect(needsCustomer.json().errors).toEqual({ couponCode: ['Add a customer to the sale to use this coupon.'] });
    const unknown = await shop.cashier.post('/api/orders/apply-coupon', { ...cart, couponCode: 'NOPE' });
    expect(unknown.json().errors).toEqual({ couponCode: ['No coupon has this code.'] });

    const applied = await shop.cashier.post('/api/orders/apply-coupon', { ...cart, customerId: customer!.id });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ couponId: coupon!.id, code: 'TEN-OFF', name: 'Ten off', discount: 160, lineIndexes: [0] });

    const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 2]], 1440, { ...cart, customerId: customer!.id }));
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().data).toMatchObject({ couponId: coupon!.id, couponCode: 'TEN-OFF', orderDiscountTotal: 160, total: 1440, customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' });
    expect((await db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]?.usedCount).toBe(1);
    expect((await db.select().from(customers).where(eq(customers.id, customer!.id)))[0]).toMatchObject({ totalSpent: 1440, orderCount: 1 });

    const usedUp = await shop.cashier.post('/api/orders/apply-coupon', { ...cart, customerId: customer!.id });
    expect(usedUp.json().errors).toEqual({ couponCode: ['This coupon has been used as many times as it may be.'] });
  });
});

describe('a sale and the registers', () => {
  it('sends the sold product again in the next register sync, with its new stock', async () => {
    // syncPages / syncPage wait for the sync horizon (xids are shared by every database of a PostgreSQL server).
    const { cursor } = await syncPages(ctx, shop.cashier, { limit: 2000, outletId: shop.main.id });
    const before = await stockOf(shop.mug.variantId);
    const sold = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800));
    expect(sold.statusCode, sold.body).toBe(201);
    const next = await syncPage(ctx, shop.cashier, { since: cursor, outletId: shop.main.id });
    expect(next.products.map((p) => p.id)).toEqual([shop.mug.productId]);
    expect(next.products[0]!.variants[0]!.stock).toBe(before! - 1);
  });
});

describe('a sale that costs nothing', () => {
  it('completes without a payment when every item is discounted, but a sale with something due still needs one', async () => {
    // A shop that lets its cashiers give anything off (beyond their rights a manager approves: sale-rights.test.ts).
    expect((await shop.admin.put('/api/settings/cashier-rights', { ...defaultCashierRights, discountUpToE4: 1_000_000 })).statusCode).toBe(200);
    const free = await shop.cashier.post(
      '/api/orders/create',
      saleBody(shop.till.id, [[shop.mug.variantId, 1]], 0, { orderDiscount: { kind: 'percentage', rateE4: 1_000_000 }, payments: [] }),
    );
    expect((await shop.admin.put('/api/settings/cashier-rights', defaultCashierRights)).statusCode).toBe(200);
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data).toMatchObject({ total: 0, paid: 0, change: 0, payments: [] });

    const unpaid = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { payments: [] }));
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().errors.payments).toEqual(['The sale is not fully paid: $8.00 is still due.']);
  });
});

describe('reading orders', () => {
  it('lists newest first; a cashier sees only their outlet’s orders', async () => {
    const all = (await shop.admin.get('/api/orders?perPage=100')).json();
    expect(all.data.some((o: { outletId: number }) => o.outletId === shop.harbour.id)).toBe(true);
    const numbers = all.data.map((o: { number: string }) => o.number);
    expect(numbers[numbers.length - 1]).toBe('MAIN-000001');
    const mine = (await shop.cashier.get('/api/orders?perPage=100')).json();
    expect(mine.data.every((o: { outletId: number }) => o.outletId === shop.main.id)).toBe(true);
    expect(mine.meta.total).toBe(all.meta.total - 1);
    const harbourOrder = all.data.find((o: { outletId: number }) => o.outletId === shop.harbour.id);
    expect((await shop.cashier.get(`/api/orders/${harbourOrder.id}`)).statusCode).toBe(404);
  });
});
