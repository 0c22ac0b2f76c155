import { noRefundReceiptEmailMessage } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, receiptTemplates, registers, stockLevels } from '../../db/schema/index.ts';
import { pdfBarcodes, pdfToText } from '../../testing/pdf-tools.ts';
import { startSmtpListener, type SmtpListener } from '../../testing/smtp-listener.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { updateGeneralSettings } from '../settings/service.ts';

let ctx: TestContext;
let shop: SaleShop;
let smtp: SmtpListener;

beforeAll(async () => {
  smtp = await startSmtpListener({ refusedAddress: 'nobody@refused.example' });
  ctx = await createTestContext({ smtpUrl: smtp.url('till@corner.example') });
  shop = await seedSaleShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  await updateGeneralSettings(ctx.database.db, { businessName: 'Corner Shop', currency: 'USD', locale: 'en-US' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

type Sold = { id: number; number: string; lines: Array<{ id: number }> };
type Row = { kind: string; text?: string };
const textOf = (rows: Row[]) => rows.map((row) => row.text ?? '').join('\n');

/** Two shirts (2 × 25.00 + 20 % tax = 60.00, cash) to a customer with this address (a new one by default); one shirt comes back (30.00). */
let sales = 0;
async function sellAndRefundOne(email: string | null = `ada${++sales}@example.com`) {
  const [customer] = await ctx.database.db.insert(customers).values({ name: 'Ada Lovelace', email }).returning();
  const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 2]], 6000, { customerId: customer!.id }));
  expect(sale.statusCode, sale.body).toBe(201);
  const order = sale.json().data as Sold;
  const res = await shop.admin.post(`/api/orders/${order.id}/refunds`, {
    reason: 'Too small',
    lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: true }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order, refund: res.json().data as { id: number; number: string } };
}

describe('a refund receipt', () => {
  it('is headed REFUND with the original order number, the line given back, the tax and how the money went back', async () => {
    const { order, refund } = await sellAndRefundOne();
    const res = await shop.cashier.get(`/api/refunds/${refund.id}/receipt`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ refundId: refund.id, orderId: order.id, customerEmail: `ada${sales}@example.com`, paperWidth: 80, template: { id: shop.templateId } });
    expect(data.receipt).toMatchObject({
      title: 'REFUND',
      number: `${order.number}-R1`,
      orderNumber: order.number,
      outletName: shop.main.name,
      customerName: 'Ada Lovelace',
      lines: [{ name: 'Linen shirt', variantName: 'M / Blue', quantity: 1, total: 3000 }],
      taxes: [{ name: 'VAT 20 20%', amount: 500, isInclusive: false }],
      total: 3000,
      payments: [{ name: 'Cash', amount: 3000 }],
      reason: 'Too small',
    });
    const text = textOf(data.rows);
    expect(text).toMatch(/^ +\*\*\* REFUND \*\*\*$/m);
    expect(text).toContain(`Refund ${order.number}-R1`);
    expect(text).toContain(`Original order ${order.number}`);
    expect(text).toMatch(/1 x Linen shirt \(M \/ Blue\) +-\$30\.00/);
    expect(text).toMatch(/VAT 20 20% +-\$5\.00/);
    expect(text).toMatch(/TOTAL REFUNDED +-\$30\.00/);
    expect(text).toMatch(/ {2}Cash +\$30\.00/);
    expect(text).toContain('Reason: Too small');
    // The barcode finds the sale again at the till's Return.
    expect(data.rows).toContainEqual({ kind: 'barcode', text: order.number });
  });

  it('prints with the template its register has now', async () => {
    const { refund } = await sellAndRefundOne();
    const [narrow] = await ctx.database.db
      .insert(receiptTemplates)
      .values({ name: 'Narrow', paperWidth: 58, header: 'RETURNS WITHIN 30 DAYS', basedOnId: shop.templateId })
      .returning();
    await ctx.database.db.update(registers).set({ receiptTemplateId: narrow!.id }).where(eq(registers.id, shop.till.id));
    try {
      const data = (await shop.cashier.get(`/api/refunds/${refund.id}/receipt`)).json().data;
      expect(data).toMatchObject({ paperWidth: 58, template: { id: narrow!.id } });
      expect(textOf(data.rows)).toContain('RETURNS WITHIN 30 DAYS');
      expect(data.rows.filter((row: Row) => row.kind !== 'barcode').every((row: Row) => (row.text ?? '').length <= 32)).toBe(true);
    } finally {
      await ctx.database.db.update(registers).set({ receiptTemplateId: shop.templateId }).where(eq(registers.id, shop.till.id));
    }
  });

  it('downloads as a PDF a cashier can print, showing REFUND, the original number, the amounts and the order barcode', async () => {
    const { order, refund } = await sellAndRefundOne();
    const res = await shop.cashier.get(`/api/refunds/${refund.id}/receipt.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="refund-${order.number}-R1.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfToText(pdf);
    expect(text).toContain('*** REFUND ***');
    expect(text).toContain(`Original order ${order.number}`);
    expect(text).toMatch(/1 x Linen shirt \(M \/ Blue\) +-\$30\.00/);
    expect(text).toMatch(/TOTAL REFUNDED +-\$30\.00/);
    expect(await pdfBarcodes(pdf)).toEqual([`CODE-128:${order.number}`]);
  });

  it('is e-mailed to the customer through the mail server, with the same rows and the PDF attached', async () => {
    const { order, refund } = await sellAndRefundOne();
    const res = await shop.cashier.post(`/api/refunds/${refund.id}/notify`, {});
    expect(res.statusCode, res.body).toBe(200);
    const address = `ada${sales}@example.com`;
    expect(res.json().data).toEqual({ sentTo: address, messageId: expect.stringMatching(/^<.+>$/) });

    const mail = smtp.received.at(-1)!;
    expect(mail.messageId).toBe(res.json().data.messageId);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(address);
    expect(mail.subject).toBe(`Your refund receipt ${order.number}-R1 from Corner Shop`);
    expect(mail.text).toContain('*** REFUND ***');
    expect(mail.text).toContain(`Original order ${order.number}`);
    expect(String(mail.html)).toMatch(/<b>TOTAL REFUNDED +-\$30\.00<\/b>/);
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf).toMatchObject({ filename: `refund-${order.number}-R1.pdf` });
    expect(await pdfToText(pdf!.content)).toContain(`Original order ${order.number}`);
  });

  it('goes to the address typed, and asks for one when the customer has none', async () => {
    const { refund } = await sellAndRefundOne(null);
    const missing = await shop.cashier.post(`/api/refunds/${refund.id}/notify`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: [noRefundReceiptEmailMessage] });

    const typed = await shop.cashier.post(`/api/refunds/${refund.id}/notify`, { email: 'Walk.In@Example.com' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data.sentTo).toBe('walk.in@example.com');
    const mail = smtp.received.at(-1)!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('walk.in@example.com');
    expect(mail.text).toContain('*** REFUND ***');
  });

  it('answers 404 for a refund that does not exist, and for another outlet’s refund to a cashier', async () => {
    for (const path of ['/api/refunds/999999/receipt', '/api/refunds/999999/receipt.pdf']) {
      expect((await shop.cashier.get(path)).statusCode).toBe(404);
    }
    expect((await shop.cashier.post('/api/refunds/999999/notify', { email: 'a@example.com' })).statusCode).toBe(404);

    // A sale and its refund at Harbour Road: the Main store cashier does not reach them; the administrator does.
    await openDrawer(ctx.database.db, shop.harbourTill, shop.harbour.id, shop.adminId);
    await ctx.database.db.insert(stockLevels).values({ outletId: shop.harbour.id, variantId: shop.mug.variantId, quantity: 3 });
    const sale = await shop.admin.post('/api/orders/create', saleBody(shop.harbourTill.id, [[shop.mug.variantId, 1]], 800));
    expect(sale.statusCode, sale.body).toBe(201);
    const order = sale.json().data as Sold;
    const refund = await shop.admin.post(`/api/orders/${order.id}/refunds`, { reason: 'Chipped', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: false }] });
    expect(refund.statusCode, refund.body).toBe(201);
    const refundId = refund.json().data.id;
    expect((await shop.cashier.get(`/api/refunds/${refundId}/receipt`)).statusCode).toBe(404);
    expect((await shop.cashier.get(`/api/refunds/${refundId}/receipt.pdf`)).statusCode).toBe(404);
    expect((await shop.admin.get(`/api/refunds/${refundId}/receipt`)).json().data.receipt.orderNumber).toBe(order.number);
  });

  it('refuses an id that is not a number with a 422, not a 500', async () => {
    expect((await shop.cashier.get('/api/refunds/abc/receipt')).statusCode).toBe(422);
  });
});
