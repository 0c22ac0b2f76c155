import { noReceiptEmailMessage } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { imageBarcodes, pdfBarcodes, pdfToText } from '../../testing/pdf-tools.ts';
import { startSmtpListener, type SmtpListener } from '../../testing/smtp-listener.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { updateGeneralSettings } from '../settings/service.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from './sale.fixtures.ts';

/** Refused at RCPT TO, as a real server refuses an unknown mailbox. */
const REFUSED_ADDRESS = 'nobody@refused.example';

let ctx: TestContext;
let shop: SaleShop;
let smtp: SmtpListener;

beforeAll(async () => {
  smtp = await startSmtpListener({ refusedAddress: REFUSED_ADDRESS, keepCidLinks: true });
  ctx = await createTestContext({ smtpUrl: smtp.url('till@corner.example') });
  shop = await seedSaleShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  await updateGeneralSettings(ctx.database.db, { businessName: 'Fish & Chips <Harbour>', currency: 'USD', locale: 'en-US' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** A sale of two shirts (2 × 25.00 + 20 % tax = 60.00) to a customer with this address, or none. */
async function sellTo(email: string | null) {
  const [customer] = await ctx.database.db.insert(customers).values({ name: 'Ada Lovelace', email }).returning();
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 2]], 6000, { customerId: customer!.id }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string };
}

describe('e-mailing a receipt', () => {
  it('sends the receipt to the customer with the order number, the total and a PDF of the same rows', async () => {
    const order = await sellTo('ada@example.com');
    const res = await shop.cashier.post(`/api/orders/${order.id}/notify`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sentTo: 'ada@example.com', messageId: expect.stringMatching(/^<.+>$/) });

    const mail = smtp.received.at(-1)!;
    expect(mail.messageId).toBe(res.json().data.messageId);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('ada@example.com');
    expect(mail.from?.value[0]).toEqual({ name: 'Fish & Chips <Harbour>', address: 'till@corner.example' });
    expect(mail.subject).toBe(`Your receipt ${order.number} from Fish & Chips <Harbour>`);
    const html = String(mail.html);
    expect(html).toContain(order.number);
    expect(html).toMatch(/<b>TOTAL +\$60\.00<\/b>/);
    expect(html).toContain('Fish &amp; Chips &lt;Harbour&gt;');
    expect(html).not.toContain('<Harbour>');
    expect(mail.text).toContain('2 x Linen shirt (M / Blue)');

    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf).toMatchObject({ filename: `receipt-${order.number}.pdf`, contentDisposition: 'attachment' });
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfToText(pdf!.content);
    expect(text).toContain(`Order ${order.number}`);
    expect(text).toMatch(/TOTAL +\$60\.00/);
    expect(await pdfBarcodes(pdf!.content)).toEqual([`CODE-128:${order.number}`]);
    // The seeded template is 80 mm wide: 80 / 25.4 × 72 points.
    expect(pdf!.content.toString('latin1')).toMatch(/\/MediaBox \[0 0 226\.77\d* /);
  });

  it('dates the receipt in the mail, its text and its PDF on the shop’s clock', async () => {
    const order = await sellTo('night-owl@example.com');
    // The shirts go back on the shelf, for the sales of the tests after this one.
    await ctx.database.db.execute(sql`update stock_levels set quantity = quantity + 2 where variant_id = ${shop.shirt.variantId}`);
    await ctx.database.db.execute(sql`update orders set created_at = '2026-11-22T04:30:00Z' where id = ${order.id}`);
    await updateGeneralSettings(ctx.database.db, { businessName: 'Fish & Chips <Harbour>', currency: 'USD', locale: 'en-GB', timeZone: 'America/New_York' });
    try {
      expect((await shop.cashier.post(`/api/orders/${order.id}/notify`, {})).statusCode).toBe(200);
      const mail = smtp.received.at(-1)!;
      expect(mail.text).toContain('21 Nov 2026, 23:30');
      expect(String(mail.html)).toContain('21 Nov 2026, 23:30');
      const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
      expect(await pdfToText(pdf!.content)).toContain('21 Nov 2026, 23:30');
    } finally {
      await updateGeneralSettings(ctx.database.db, { businessName: 'Fish & Chips <Harbour>', currency: 'USD', locale: 'en-US', timeZone: 'UTC' });
    }
  });

  it('shows the order barcode in the mail itself, as an inline picture a scanner reads', async () => {
    const order = await sellTo('barcode@example.com');
    expect((await shop.cashier.post(`/api/orders/${order.id}/notify`, {})).statusCode).toBe(200);
    const mail = smtp.received.at(-1)!;
    const html = String(mail.html);
    const img = /<img src="cid:([^"]+)" alt="Barcode ([^"]+)"/.exec(html);
    expect(img?.[2]).toBe(order.number);
    // The picture travels with the mail, marked for the HTML, not as a file to open.
    const picture = mail.attachments.find((attachment) => attachment.cid === img?.[1]);
    expect(picture).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline', related: true });
    expect(await imageBarcodes(picture!.content)).toEqual([`CODE-128:${order.number}`]);
    // Without the picture the number is still there, in the plain text.
    expect(mail.text).toMatch(new RegExp(`^ +${order.number}$`, 'm'));
  });

  it('sends to the address typed when the customer has none, and asks for one when there is none', async () => {
    const order = await sellTo(null);
    const missing = await shop.cashier.post(`/api/orders/${order.id}/notify`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: noReceiptEmailMessage, errors: { email: [noReceiptEmailMessage] } });

    const invalid = await shop.cashier.post(`/api/orders/${order.id}/notify`, { email: 'not an address' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.email).toEqual(['The e-mail address must be a valid e-mail address.']);

    const typed = await shop.cashier.post(`/api/orders/${order.id}/notify`, { email: ' Grace@Example.com ' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data.sentTo).toBe('grace@example.com');
    expect(smtp.received.at(-1)!.subject).toBe(`Your receipt ${order.number} from Fish & Chips <Harbour>`);
  });

  it('answers 502 with the mail server’s reason when it refuses the message', async () => {
    const order = await sellTo(REFUSED_ADDRESS);
    const res = await shop.cashier.post(`/api/orders/${order.id}/notify`, {});
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^The receipt could not be sent: .*Mailbox unavailable.*\.$/);
    expect(res.body).not.toContain(' at ');
  });

  it('hides another outlet’s sale from a cashier (404) and lets an administrator send it', async () => {
    const order = await sellTo('lin@example.com');
    const other = await ctx.signIn('cashier');
    await ctx.database.db.execute(sql`update users set outlet_id = ${shop.harbour.id} where id = ${other.user.id}`);
    expect((await other.client.post(`/api/orders/${order.id}/notify`, {})).statusCode).toBe(404);
    expect((await shop.admin.post(`/api/orders/${order.id}/notify`, {})).statusCode).toBe(200);
    expect((await shop.cashier.post('/api/orders/999999/notify', {})).statusCode).toBe(404);
  });
});

describe('e-mailing a receipt without SMTP_URL', () => {
  it('answers 503 and says how to set it up, sending nothing', async () => {
    const bare = await createTestContext();
    try {
      const bareShop = await seedSaleShop(bare);
      await openDrawer(bare.database.db, bareShop.till, bareShop.main.id, bareShop.cashierId);
      const sale = await bareShop.cashier.post('/api/orders/create', saleBody(bareShop.till.id, [[bareShop.mug.variantId, 1]], 800));
      const res = await bareShop.cashier.post(`/api/orders/${sale.json().data.id}/notify`, { email: 'ada@example.com' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'E-mail is not set up on this server. Ask an administrator to set SMTP_URL.' });
    } finally {
      await bare.close();
    }
  });
});
