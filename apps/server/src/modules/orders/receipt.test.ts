import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, receiptTemplates, registers } from '../../db/schema/index.ts';
import { pdfBarcodes, pdfToText } from '../../testing/pdf-tools.ts';
import { startSmtpListener, type SmtpListener } from '../../testing/smtp-listener.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct, openDrawer, saleBody, seedSaleShop, type SaleShop } from './sale.fixtures.ts';

const REFUSED_ADDRESS = 'nobody@refused.example';

let ctx: TestContext;
let shop: SaleShop;
let smtp: SmtpListener;

beforeAll(async () => {
  smtp = await startSmtpListener({ refusedAddress: REFUSED_ADDRESS });
  ctx = await createTestContext({ smtpUrl: smtp.url('till@corner.example') });
  shop = await seedSaleShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function sell(email: string | null = null) {
  const [customer] = await ctx.database.db.insert(customers).values({ name: 'Ada Lovelace', email }).returning();
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 2]], 6000, { customerId: customer!.id }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string };
}

type Row = { kind: string; text?: string };
const textOf = (rows: Row[]) => rows.map((row) => row.text ?? '').join('\n');

describe('a past sale’s receipt', () => {
  it('is laid out with the template it was printed with, marked as a copy, after the register’s template changed', async () => {
    const order = await sell();
    const [newer] = await ctx.database.db
      .insert(receiptTemplates)
      .values({ name: 'Narrow with a banner', paperWidth: 58, header: 'WINTER SALE NOW ON', basedOnId: shop.templateId })
      .returning();
    await ctx.database.db.update(registers).set({ receiptTemplateId: newer!.id }).where(eq(registers.id, shop.till.id));
    try {
      const res = await shop.cashier.get(`/api/orders/${order.id}/receipt`);
      expect(res.statusCode, res.body).toBe(200);
      const receipt = res.json().data;
      expect(receipt.isCopy).toBe(true);
      expect(receipt.order.number).toBe(order.number);
      expect(receipt.template).toMatchObject({ id: shop.templateId, paperWidth: 80 });
      expect(receipt.rows[0]).toEqual({ kind: 'text', text: expect.stringMatching(/^ +\*\*\* COPY \*\*\*$/), strong: true });
      const text = textOf(receipt.rows);
      expect(text).toContain(`Order ${order.number}`);
      expect(text).toContain('2 x Linen shirt (M / Blue)');
      expect(text).toMatch(/TOTAL +.*60\.00/);
      expect(text).not.toContain('WINTER SALE');
    } finally {
      await ctx.database.db.update(registers).set({ receiptTemplateId: shop.templateId }).where(eq(registers.id, shop.till.id));
    }
  });

  it('downloads as a PDF named after the order, with COPY, the order number and its barcode on it', async () => {
    const order = await sell();
    const res = await shop.admin.get(`/api/orders/${order.id}/receipt?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${order.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfToText(res.rawPayload);
    expect(text).toContain('*** COPY ***');
    expect(text).toContain(`Order ${order.number}`);
    expect(text).toMatch(/2 x Linen shirt \(M \/ Blue\) +.*50\.00/);
    expect(text).toMatch(/TOTAL +.*60\.00/);
    // The template asks for the order barcode: a scanner reads the order number from the page.
    expect(await pdfBarcodes(res.rawPayload)).toEqual([`CODE-128:${order.number}`]);
  });

  it('prints a product named in Cyrillic, Greek, curly quotes and € in the PDF as it was sold, with its amount', async () => {
    const title = 'Пельмени “Сибирские” Ελληνικό €5';
    const product = await addProduct(ctx.database.db, { title, variantName: '', sku: 'PELMENI-1', price: 999, cost: 0, taxIds: [], stock: [[shop.main.id, 5]] });
    const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[product.variantId, 1]], 999));
    expect(sale.statusCode, sale.body).toBe(201);
    const res = await shop.admin.get(`/api/orders/${sale.json().data.id}/receipt?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(await pdfToText(res.rawPayload)).toMatch(new RegExp(`1 x ${title} +\\S*9\\.99`));
  });

  it('answers 422 for an unknown format and 404 for another outlet’s cashier or an unknown order', async () => {
    const order = await sell();
    expect((await shop.cashier.get(`/api/orders/${order.id}/receipt?format=docx`)).statusCode).toBe(422);
    const other = await ctx.signIn('cashier');
    await ctx.database.db.execute(sql`update users set outlet_id = ${shop.harbour.id} where id = ${other.user.id}`);
    expect((await other.client.get(`/api/orders/${order.id}/receipt`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/orders/${order.id}/receipt?format=pdf`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/orders/${order.id}/timeline`)).statusCode).toBe(404);
    expect((await shop.admin.get('/api/orders/999999/receipt')).statusCode).toBe(404);
  });
});

describe('the date on a receipt', () => {
  it('is on the shop’s clock: a sale at 04:30Z prints as 23:30 of the day before in New York, on screen and in the PDF', async () => {
    const order = await sell();
    await ctx.database.db.update(orders).set({ createdAt: new Date('2026-11-22T04:30:00Z') }).where(eq(orders.id, order.id));
    const general = { businessName: 'Tillbook', currency: 'USD' };
    await shop.admin.put('/api/settings/general', { ...general, locale: 'en-GB', timeZone: 'America/New_York' });
    try {
      const rows = (await shop.admin.get(`/api/orders/${order.id}/receipt`)).json().data.rows as Row[];
      expect(textOf(rows)).toContain('21 Nov 2026, 23:30');
      expect(textOf(rows)).not.toContain('22 Nov 2026');
      expect(await pdfToText((await shop.admin.get(`/api/orders/${order.id}/receipt?format=pdf`)).rawPayload)).toContain('21 Nov 2026, 23:30');

      await shop.admin.put('/api/settings/general', { ...general, locale: 'en-GB', timeZone: 'Asia/Kolkata' });
      expect(textOf((await shop.admin.get(`/api/orders/${order.id}/receipt`)).json().data.rows)).toContain('22 Nov 2026, 10:00');
    } finally {
      await shop.admin.put('/api/settings/general', { ...general, locale: 'en-US', timeZone: 'UTC' });
    }
  });
});

describe('an order’s timeline', () => {
  it('tells the sale, each reprint and each e-mail, oldest first, with who did it', async () => {
    const order = await sell('ada@example.com');
    expect((await shop.cashier.get(`/api/orders/${order.id}/receipt`)).statusCode).toBe(200);
    expect((await shop.admin.post(`/api/orders/${order.id}/notify`, {})).statusCode).toBe(200);
    expect((await shop.cashier.post(`/api/orders/${order.id}/notify`, { email: REFUSED_ADDRESS })).statusCode).toBe(502);

    const res = await shop.cashier.get(`/api/orders/${order.id}/timeline`);
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json().data as Array<{ kind: string; detail: Record<string, unknown> | null; userName: string | null; createdAt: string }>;
    const cashier = (await ctx.database.db.execute(sql`select name from users where id = ${shop.cashierId}`)) as unknown as { rows: Array<{ name: string }> };
    const admin = (await ctx.database.db.execute(sql`select name from users where id = ${shop.adminId}`)) as unknown as { rows: Array<{ name: string }> };
    expect(events.map(({ kind, detail, userName }) => ({ kind, detail, userName }))).toEqual([
      { kind: 'created', detail: { number: order.number }, userName: cashier.rows[0]!.name },
      { kind: 'printed', detail: { copy: true }, userName: cashier.rows[0]!.name },
      { kind: 'emailed', detail: { to: 'ada@example.com' }, userName: admin.rows[0]!.name },
      { kind: 'email_failed', detail: { to: REFUSED_ADDRESS, reason: expect.stringMatching(/^The receipt could not be sent: .*Mailbox unavailable/) }, userName: cashier.rows[0]!.name },
    ]);
    expect(Date.parse(events[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(events[3]!.createdAt));
  });
});
