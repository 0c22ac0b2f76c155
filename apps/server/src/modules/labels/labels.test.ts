import { labelLayouts, LABELS_MAX, type LabelFields } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema/index.ts';
import { pdfToText } from '../../testing/pdf-tools.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { createTestContext } from '../../testing/test-app.ts';
import { addProduct } from '../orders/sale.fixtures.ts';
import { seedLabelShop, type LabelShop } from './labels.fixtures.ts';

const fields: LabelFields = { shopName: true, title: true, variant: true, price: true, barcode: true, qr: false, sku: true };

let ctx: TestContext;
let shop: LabelShop;
beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedLabelShop(ctx);
});
afterAll(() => ctx.close());

const create = (body: Record<string, unknown>, client = shop.admin) =>
  client.post('/api/labels/create', { layout: 'a4-3x8', fields, format: 'pdf', items: [{ variantId: shop.shirt.variantId, quantity: 1 }], ...body });

describe('GET /api/labels/layouts', () => {
  it('lists the sheets and rolls with their sizes', async () => {
    const res = await shop.admin.get('/api/labels/layouts');
    expect(res.statusCode).toBe(200);
    const layouts = res.json().data;
    expect(layouts).toEqual(labelLayouts);
    expect(layouts.find((l: { id: string }) => l.id === 'a4-3x8')).toMatchObject({ kind: 'sheet', columns: 3, rows: 8, width: 70, height: 37 });
    expect(layouts.filter((l: { kind: string }) => l.kind === 'roll').map((l: { width: number; height: number }) => `${l.width}x${l.height}`)).toEqual(['57x32', '50x25', '40x30']);
  });

  it('is for administrators: a cashier gets 403 on both routes', async () => {
    expect((await shop.cashier.get('/api/labels/layouts')).statusCode).toBe(403);
    expect((await create({}, shop.cashier)).statusCode).toBe(403);
  });
});

describe('POST /api/labels/create', () => {
  it('answers a PDF named by the day, with the shop name and prices tax-inclusive in the shop currency', async () => {
    const items = [shop.shirt, shop.mug, shop.gum].map(({ variantId }) => ({ variantId, quantity: 1 }));
    const res = await create({ items });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="labels-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = await pdfToText(res.rawPayload, { layout: false });
    // The shirt is 25.00 with 20 % tax added on top: the shelf shows 30.00; the mug has no tax.
    expect(text).toContain('$30.00');
    expect(text).not.toContain('$25.00');
    expect(text).toContain('$8.00');
    expect(text).toContain('$0.99');
    for (const word of ['Linen shirt', 'M / Blue', 'SKU SHIRT-M-BLUE', 'Chewing gum', 'Mint', 'SKU GUM-M']) expect(text).toContain(word);
    expect(text.match(/Tillbook/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('leaves the shop name, variant and SKU off when they are not asked for, and shortens a long title to the label', async () => {
    const res = await create({ items: [{ variantId: shop.oil.variantId, quantity: 1 }], fields: { ...fields, shopName: false, variant: false, sku: false } });
    const text = await pdfToText(res.rawPayload, { layout: false });
    expect(text).not.toContain('Tillbook');
    expect(text).not.toContain('750 ml');
    expect(text).not.toContain('OIL-750');
    expect(text).toContain('Organic extra virgin');
    expect(text).toContain('…');
    expect(text).not.toContain('Andalusia');
  });

  it('answers ZPL at 203 dpi for a thermal printer: one ^XA…^XZ per line, ^PQ for the quantity', async () => {
    const items = [
      { variantId: shop.oil.variantId, quantity: 3 },
      { variantId: shop.shirt.variantId, quantity: 2 },
      { variantId: shop.cola.variantId, quantity: 1 },
    ];
    const res = await create({ layout: 'roll-57x32', items, format: 'zpl' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/zpl/);
    expect(res.headers['content-disposition']).toMatch(/filename="labels-\d{4}-\d{2}-\d{2}\.zpl"$/);
    const zpl = res.body;
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    expect(zpl.match(/\^XZ/g)).toHaveLength(3);
    expect(zpl).toContain('^PW456');
    expect(zpl).toContain('^LL256');
    expect(zpl).toMatch(/\^BEN,\d+,N,N\^FD400638133393\^FS/);
    expect(zpl).toMatch(/\^BCN,\d+,N,N,N\^FH_\^FDSHIRT-M-BLUE\^FS/);
    expect(zpl).toMatch(/\^BUN,\d+,N,N,Y\^FD03600029145\^FS/);
    expect(zpl).toContain('^PQ3,0,1,N');
    expect(zpl).toContain('^PQ2,0,1,N');
    expect(zpl).toContain('$30.00');
  });

  it('draws a ^BQ QR code in ZPL when asked', async () => {
    const res = await create({ layout: 'roll-40x30', format: 'zpl', fields: { ...fields, barcode: false, qr: true } });
    expect(res.body).toMatch(/\^BQN,2,\d+\^FDQA,SHIRT-M-BLUE\^FS/);
  });

  it('refuses an unknown variant and an invalid barcode with a 422 naming the line', async () => {
    const { variantId } = await addProduct(ctx.database.db, { title: 'Broken jam', variantName: 'Strawberry', sku: 'JAM-S', price: 300, cost: 100, taxIds: [], stock: [] });
    // A check digit mistyped before barcodes were checked: stored, but it would never scan.
    await ctx.database.db.update(productVariants).set({ barcode: '4006381333932' }).where(eq(productVariants.id, variantId));
    const res = await create({
      items: [
        { variantId: shop.shirt.variantId, quantity: 1 },
        { variantId: 999_999, quantity: 1 },
        { variantId, quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['items.1.variantId', 'items.2.variantId']);
    expect(errors['items.1.variantId']).toEqual(['This product no longer exists: remove it from the list.']);
    expect(errors['items.2.variantId'][0]).toContain('Broken jam (Strawberry)');
    expect(errors['items.2.variantId'][0]).toContain('expected 1');
  });

  it('refuses zero quantities, more than 10,000 labels and a start position past the sheet', async () => {
    const zero = await create({ items: [{ variantId: shop.shirt.variantId, quantity: 0 }] });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors)).toEqual(['items.0.quantity']);
    const tooMany = await create({
      items: [
        { variantId: shop.shirt.variantId, quantity: LABELS_MAX },
        { variantId: shop.mug.variantId, quantity: 1 },
      ],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ items: ['At most 10,000 labels in one request: this asks for 10,001.'] });
    const pastSheet = await create({ startAt: 25 });
    expect(pastSheet.statusCode).toBe(422);
    expect(pastSheet.json().errors).toEqual({ startAt: ['A sheet of this layout has 24 positions: start at 1 to 24.'] });
  });
});
