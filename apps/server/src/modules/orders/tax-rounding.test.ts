/**
 * The shop's tax rounding through the HTTP API: a sale is priced by the server with the mode the
 * settings name, the order, its receipt and the drawer's report carry the same figures, past sales
 * keep theirs when the setting changes, and a single unit of a sale rounded per sale is refunded
 * with its exact share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxes } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { addProduct, openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;
let sessionId: number;
let box: number;
const teas: number[] = [];

type OrderTax = { name: string; base: number; amount: number };
type OrderLine = { id: number; taxTotal: number; total: number };

beforeAll(async () => {
  ({ ctx, shop, drawer: sessionId } = await openSaleShop());
  const db = ctx.database.db;
  const [vat] = await db.insert(taxes).values({ name: 'VAT incl', rateE4: 200_000, isInclusive: true }).returning({ id: taxes.id });
  box = (await addProduct(db, { title: 'Gift box', variantName: '', sku: 'BOX-999', price: 999, cost: 400, taxIds: [vat!.id], stock: [[shop.main.id, 50]] })).variantId;
  for (let n = 1; n <= 10; n += 1) {
    teas.push((await addProduct(db, { title: `Tea ${n}`, variantName: '', sku: `TEA-${n}`, price: 99, cost: 30, taxIds: [vat!.id], stock: [[shop.main.id, 50]] })).variantId);
  }
});
afterAll(() => ctx.close());

async function sell(lines: Array<[number, number]>, total: number) {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, total));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; taxTotal: number; netTotal: number; total: number; taxes: OrderTax[]; lines: OrderLine[] };
}

const receiptText = async (orderId: number) =>
  ((await shop.cashier.get(`/api/orders/${orderId}/receipt`)).json().data.rows as Array<{ text?: string }>).map((row) => row.text ?? '').join('\n');

let perLineTen: { id: number; taxTotal: number };
let perSaleTen: { id: number; taxTotal: number; lines: OrderLine[] };

describe('tax rounding per line (the default)', () => {
  it('9.99 including 20 % holds 1.67 of VAT (1.665 rounded half away from zero), net 8.32', async () => {
    expect((await shop.admin.get('/api/settings')).json().data.taxRounding).toBe('line');
    const order = await sell([[box, 1]], 999);
    expect(order).toMatchObject({ total: 999, taxTotal: 167, netTotal: 832 });
    expect(order.taxes).toEqual([expect.objectContaining({ name: 'VAT incl', base: 832, amount: 167 })]);
    expect(order.lines[0]).toMatchObject({ taxTotal: 167, total: 999 });
    expect(await receiptText(order.id)).toMatch(/VAT incl.*1\.67/);
  });

  it('ten lines of 0.99 including 20 % hold 0.17 each: 1.70', async () => {
    const order = await sell(teas.map((id) => [id, 1]), 990);
    expect(order.taxTotal).toBe(170);
    expect(order.lines.map((line) => line.taxTotal)).toEqual(Array(10).fill(17));
    perLineTen = order;
  });
});

describe('changing the setting', () => {
  it('is for administrators, and refuses an unknown mode on its field', async () => {
    expect((await shop.cashier.put('/api/settings/taxes', { taxRounding: 'sale' })).statusCode).toBe(403);
    const bad = await shop.admin.put('/api/settings/taxes', { taxRounding: 'sometimes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.taxRounding).toEqual(['Choose how taxes are rounded: per line or per sale.']);
    const res = await shop.admin.put('/api/settings/taxes', { taxRounding: 'sale' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.taxRounding).toBe('sale');
    expect((await shop.cashier.get('/api/settings')).json().data.taxRounding).toBe('sale');
  });
});

describe('tax rounding per sale', () => {
  it('rounds the VAT of ten lines of 0.99 once on the sale: 9.90 / 6 = 1.65, shared back over the lines', async () => {
    // The screen's total under per-line rounding is the same 9.90 (the tax is inside the price), so only the tax differs.
    const order = await sell(teas.map((id) => [id, 1]), 990);
    expect(order).toMatchObject({ total: 990, taxTotal: 165, netTotal: 825 });
    expect(order.taxes).toEqual([expect.objectContaining({ name: 'VAT incl', base: 825, amount: 165 })]);
    expect(order.lines.map((line) => line.taxTotal).sort()).toEqual([16, 16, 16, 16, 16, 17, 17, 17, 17, 17]);
    expect(order.lines.every((line) => line.total === 99)).toBe(true);
    expect(await receiptText(order.id)).toMatch(/VAT incl.*1\.65/);
    perSaleTen = order;
  });

  it('keeps what past sales were sold at', async () => {
    const past = (await shop.admin.get(`/api/orders/${perLineTen.id}`)).json().data;
    expect(past.taxTotal).toBe(170);
    expect(past.taxes).toEqual([expect.objectContaining({ amount: 170 })]);
  });

  it("the drawer's report adds up the taxes the sales were sold with", async () => {
    const report = (await shop.admin.get(`/api/cashbox/${sessionId}/report`)).json().data;
    const vat = report.taxes.find((t: { name: string }) => t.name === 'VAT incl');
    // 1.67 + 1.70 + 1.65
    expect(vat).toMatchObject({ amount: 167 + 170 + 165, base: 832 + 820 + 825 });
  });

  it('refunds one unit of a line with that line’s exact figures', async () => {
    const line = perSaleTen.lines[0]!;
    const res = await shop.admin.post(`/api/orders/${perSaleTen.id}/refunds`, {
      lines: [{ orderLineId: line.id, quantity: 1, restock: true }],
      reason: 'Changed mind',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: 99, taxTotal: line.taxTotal, netTotal: 99 - line.taxTotal });
  });

  it('adds a tax on top by the same rule: three 0.01 stickers + 20 % cost 0.04 per sale (0.006 → 0.01), 0.03 per line', async () => {
    const stickers = await Promise.all(
      [1, 2, 3].map(async (n) => (await addProduct(ctx.database.db, { title: `Sticker ${n}`, variantName: '', sku: `STICKER-${n}`, price: 1, cost: 0, taxIds: [shop.vatId], stock: [[shop.main.id, 9]] })).variantId),
    );
    const lines = stickers.map((id): [number, number] => [id, 1]);
    const perLineTotal = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, 3));
    expect(perLineTotal.statusCode).toBe(422);
    expect(Object.keys(perLineTotal.json().errors)).toEqual(['total']);
    const order = await sell(lines, 4);
    expect(order).toMatchObject({ taxTotal: 1, total: 4 });

    expect((await shop.admin.put('/api/settings/taxes', { taxRounding: 'line' })).statusCode).toBe(200);
    expect((await sell(lines, 3)).taxTotal).toBe(0);
  });
});
