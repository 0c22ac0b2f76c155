import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { labelLayouts, labelsPerPage, type LabelFields } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../testing/test-app.ts';
import { createTestContext } from '../../testing/test-app.ts';
import { seedLabelShop, type LabelShop } from './labels.fixtures.ts';

/**
 * The labels a scanner reads: every layout's PDF is rendered page by page as a 203 dpi thermal
 * printer and a 300 dpi office printer would put it on paper (pdftoppm, Debian's poppler-utils)
 * and every barcode on it is decoded with zbarimg (zbar-tools).
 */
const run = promisify(execFile);

/** The symbols zbarimg reads on each page ("EAN-13:4006381333931"), page by page. */
async function decodedPages(pdf: Buffer, dpi: number): Promise<string[][]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tillbook-labels-'));
  try {
    const file = path.join(dir, 'labels.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page')).sort();
    const decoded: string[][] = [];
    for (const page of pages) {
      try {
        const { stdout } = await run('zbarimg', ['-q', path.join(dir, page)]);
        decoded.push(stdout.split('\n').filter(Boolean).sort());
      } catch (err) {
        // zbarimg exits with 4 when it finds no symbol.
        if ((err as { code?: number }).code !== 4) throw err;
        decoded.push([]);
      }
    }
    return decoded;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fields: LabelFields = { shopName: true, title: true, variant: true, price: true, barcode: true, qr: false, sku: true };

let ctx: TestContext;
let shop: LabelShop;
beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedLabelShop(ctx);
});
afterAll(() => ctx.close());

async function labelsPdf(body: Record<string, unknown>): Promise<Buffer> {
  const res = await shop.admin.post('/api/labels/create', { fields, format: 'pdf', ...body });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

describe.each(labelLayouts.map((layout) => [layout.id, layout] as const))('labels on %s', (_id, layout) => {
  it('prints every barcode so a scanner reads exactly the variant’s code at 203 and 300 dpi', { timeout: 60_000 }, async () => {
    const items = [shop.oil, shop.tea, shop.cola, shop.gum, shop.shirt].map(({ variantId }) => ({ variantId, quantity: 1 }));
    // On a sheet, start part-way in: the skipped positions stay empty and the codes still fit on one page.
    const startAt = layout.kind === 'sheet' ? 2 : 1;
    const pdf = await labelsPdf({ layout: layout.id, items, startAt });
    // zbarimg reads a UPC-A as the EAN-13 with a leading 0.
    const expected = ['EAN-13:4006381333931', 'EAN-13:2000000000015', 'EAN-13:0036000291452', 'EAN-8:96385074', 'CODE-128:SHIRT-M-BLUE'].sort();
    for (const dpi of [203, 300]) {
      const pages = await decodedPages(pdf, dpi);
      if (layout.kind === 'sheet') {
        expect(pages, `${dpi} dpi`).toEqual([expected]);
      } else {
        expect(pages.length).toBe(5);
        expect(pages.flat().sort(), `${dpi} dpi`).toEqual(expected);
        for (const page of pages) expect(page).toHaveLength(1);
      }
    }
  });

  it('draws a QR code of the barcode, or of the SKU without one, when asked', { timeout: 60_000 }, async () => {
    const items = [shop.oil, shop.shirt].map(({ variantId }) => ({ variantId, quantity: 1 }));
    const res = await shop.admin.post('/api/labels/create', { layout: layout.id, items, fields: { ...fields, barcode: false, qr: true }, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    const pages = await decodedPages(res.rawPayload, 300);
    expect(pages.flat().sort()).toEqual(['QR-Code:4006381333931', 'QR-Code:SHIRT-M-BLUE']);
  });

  it('fills pages from the start position and adds pages for the quantities', { timeout: 60_000 }, async () => {
    const perPage = labelsPerPage(layout);
    const startAt = layout.kind === 'sheet' ? 5 : 1;
    // Distinct codes per page cannot repeat on a sheet (a scanner reads one code once): the page count tells the labels apart.
    const quantity = layout.kind === 'sheet' ? perPage : 3;
    const pdf = await labelsPdf({ layout: layout.id, items: [{ variantId: shop.oil.variantId, quantity }], startAt });
    const pages = await decodedPages(pdf, 203);
    const expectedPages = layout.kind === 'sheet' ? 2 : 3;
    expect(pages).toHaveLength(expectedPages);
    for (const page of pages) expect(page).toEqual(['EAN-13:4006381333931']);
  });
});
