import type { GoodsOrder } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFonts, pdfToText } from '../../testing/pdf-tools.ts';
import { startSmtpListener, type SmtpListener } from '../../testing/smtp-listener.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct } from '../orders/sale.fixtures.ts';
import { updateGeneralSettings } from '../settings/service.ts';
import { createDraft, draftBody, placeOrder, seedPurchasingShop, type PurchasingShop } from './goods-orders.fixtures.ts';

/** Refused at RCPT TO, as a real server refuses an unknown mailbox. */
const REFUSED_ADDRESS = 'nobody@refused.example';

let ctx: TestContext;
let shop: PurchasingShop;
let smtp: SmtpListener;
let order: GoodsOrder;

beforeAll(async () => {
  smtp = await startSmtpListener({ refusedAddress: REFUSED_ADDRESS });
  ctx = await createTestContext({ smtpUrl: smtp.url('buying@corner.example') });
  shop = await seedPurchasingShop(ctx);
  await updateGeneralSettings(ctx.database.db, { businessName: 'Fjord Corner', currency: 'GBP', locale: 'en-GB', timeZone: 'Europe/London' });
  // 12 shirts at 10.00 + 20 % = 144.00; 7 mugs at 3.33 + 12.5 % = 26.22; 170.22 in all.
  order = await placeOrder(
    shop,
    draftBody(
      shop,
      [
        [shop.shirt.variantId, 12, 1000, 200_000],
        [shop.mug.variantId, 7, 333, 125_000],
      ],
      { note: 'Please call the back door bell – “Čerstvé” zboží first\nDeliveries 8–12 only.', expectedAt: '2026-12-24' },
    ),
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const timelineOf = async (id: number) => (await shop.admin.get(`/api/goods-orders/${id}/timeline`)).json().data as Array<{ kind: string; detail: Record<string, unknown> }>;

describe('the purchase order PDF', () => {
  it('shows the shop, the number and dates, the supplier, where to deliver, every line and the totals', async () => {
    const res = await shop.admin.get(`/api/goods-orders/${order.id}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="purchase-order-${order.number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfToText(pdf);

    expect(text).toContain('PURCHASE ORDER');
    expect(text).toContain(`PO number: ${order.number}`);
    expect(text).toContain('Expected: 24 Dec 2026');
    expect(text).toContain('Fjord Corner');
    for (const supplierLine of ['Fjord Textiles', 'Attn: Ingrid Berg', '12 Quay Street, Bergen', 'orders@fjord.example', 'Tax number: NO-998877', 'Payment terms: Net 30']) {
      expect(text).toContain(supplierLine);
    }
    expect(text).toMatch(/DELIVER TO/);
    expect(text).toContain(shop.main.name);
    expect(text).toMatch(/FJ-SHIRT-M +SHIRT-M-BLUE +Linen shirt \(M \/ Blue\) +12 +£10\.00 +20% +£144\.00/);
    expect(text).toMatch(/FJ-MUG +MUG-1 +Mug +7 +£3\.33 +12\.5% +£26\.22/);
    expect(text).toMatch(/Net \(19 units\) +£143\.31/);
    expect(text).toMatch(/Tax +£26\.91/);
    expect(text).toMatch(/Total +£170\.22/);
    // The note's two lines as two lines; nothing printed as a missing glyph.
    expect(text).toMatch(/Please call the back door bell – “Čerstvé” zboží first\n+ *Deliveries 8–12 only\./);
    expect(text).not.toContain('□');
    expect(text).toContain(`${order.number} · page 1 of 1`);
    // Embedded Unicode fonts, never a built-in Latin-1 one.
    expect((await pdfFonts(pdf)).every((font) => font.isEmbedded && font.name.includes('DejaVu'))).toBe(true);

    expect((await timelineOf(order.id)).at(-1)).toMatchObject({ kind: 'downloaded', detail: { number: order.number } });
  });

  it('runs onto more pages for a long order, the column titles again on each', async () => {
    const lines: Array<[number, number, number]> = [];
    for (let i = 1; i <= 70; i += 1) {
      const p = await addProduct(ctx.database.db, { title: `Notebook ${i}`, variantName: '', sku: `NB-${String(i).padStart(3, '0')}`, price: 300, cost: 100, taxIds: [], stock: [] });
      lines.push([p.variantId, i, 100]);
    }
    const long = await placeOrder(shop, draftBody(shop, lines));
    const text = await pdfToText((await shop.admin.get(`/api/goods-orders/${long.id}/pdf`)).rawPayload);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain(`page ${pages.length} of ${pages.length}`);
    for (const page of pages.slice(0, -1)) expect(page).toMatch(/Supplier SKU +Our SKU +Product +Qty +Unit cost +Tax +Line total/);
    for (const sku of ['NB-001', 'NB-035', 'NB-070']) expect(text).toContain(sku);
    // 1 + 2 + … + 70 = 2,485 units at 1.00.
    expect(text).toMatch(/Total +£2,485\.00/);
  });

  it('is not made for a draft (409) or a cancelled order', async () => {
    const draft = await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 1, 250]]));
    let res = await shop.admin.get(`/api/goods-orders/${draft.id}/pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Mark the goods order as ordered first.');
    await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { status: 'cancelled' });
    res = await shop.admin.get(`/api/goods-orders/${draft.id}/pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This goods order is cancelled: it has no purchase order to send.');
    expect((await timelineOf(draft.id)).map((e) => e.kind)).toEqual(['created', 'cancelled']);
  });
});

describe('e-mailing the purchase order', () => {
  it('sends the PDF to the supplier’s address, with the shop as the sender, and puts it on the timeline', async () => {
    const res = await shop.admin.post(`/api/goods-orders/${order.id}/email`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sentTo: 'orders@fjord.example', messageId: expect.stringMatching(/^<.+>$/) });

    const mail = smtp.received.at(-1)!;
    expect(mail.messageId).toBe(res.json().data.messageId);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('orders@fjord.example');
    expect(mail.from?.value[0]).toEqual({ name: 'Fjord Corner', address: 'buying@corner.example' });
    expect(mail.subject).toBe(`Purchase order ${order.number} from Fjord Corner`);
    expect(mail.text).toContain('Hello Ingrid Berg,');
    expect(mail.text).toContain(`Please find our purchase order ${order.number} attached (2 lines, 19 units, £170.22 in total). We expect the goods by 24 Dec 2026.`);
    expect(mail.text).toContain(`Deliver to: ${shop.main.name}.`);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toMatchObject({ filename: `purchase-order-${order.number}.pdf` });
    expect(await pdfToText(pdf!.content)).toMatch(/Total +£170\.22/);

    expect((await timelineOf(order.id)).at(-1)).toMatchObject({ kind: 'emailed', detail: { to: 'orders@fjord.example' } });
  });

  it('sends to another address with a message, escaped in the HTML', async () => {
    const res = await shop.admin.post(`/api/goods-orders/${order.id}/email`, { to: 'Sales@Fjord.example', message: 'Rush <please> & thanks' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = smtp.received.at(-1)!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('sales@fjord.example');
    expect(mail.text).toContain('Rush <please> & thanks');
    expect(String(mail.html)).toContain('Rush &lt;please&gt; &amp; thanks');
  });

  it('records a refused address as failed (502) and asks for an address when the supplier has none (422)', async () => {
    let res = await shop.admin.post(`/api/goods-orders/${order.id}/email`, { to: REFUSED_ADDRESS });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^The purchase order could not be sent: .*Mailbox unavailable/);
    expect((await timelineOf(order.id)).at(-1)).toMatchObject({ kind: 'email_failed', detail: { to: REFUSED_ADDRESS, reason: res.json().message } });

    const quiet = await shop.admin.post('/api/suppliers/create', { companyName: 'Quiet Mill', active: true });
    const placed = await placeOrder(shop, draftBody(shop, [[shop.mug.variantId, 1, 250]], { supplierId: quiet.json().data.id }));
    res = await shop.admin.post(`/api/goods-orders/${placed.id}/email`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ to: ['The supplier has no e-mail address. Enter the address to send the purchase order to.'] });
    res = await shop.admin.post(`/api/goods-orders/${placed.id}/email`, { to: 'not-an-address' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['to']);

    const draft = await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 1, 250]]));
    res = await shop.admin.post(`/api/goods-orders/${draft.id}/email`, {});
    expect(res.statusCode).toBe(409);
  });
});

describe('without a mail server', () => {
  it('answers 503 and says how to set it up', async () => {
    const bare = await createTestContext();
    try {
      const bareShop = await seedPurchasingShop(bare);
      const placed = await placeOrder(bareShop, draftBody(bareShop, [[bareShop.mug.variantId, 1, 250]]));
      const res = await bareShop.admin.post(`/api/goods-orders/${placed.id}/email`, {});
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('E-mail is not set up on this server. Ask an administrator to set SMTP_URL.');
    } finally {
      await bare.close();
    }
  });
});
