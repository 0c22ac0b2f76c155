/**
 * A CSV import reports every refused row on its own and imports the others (docs/catalogue.md):
 * whether the contract or the database refuses it, and in the dry run as in the real run.
 */
import { MAX_MONEY, type UploadResult } from '@tillbook/contract';
import { count, eq, like, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, productVariants, stockLevels } from '../../db/schema/index.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
}, 60_000);
afterAll(() => ctx.close());

const csvOf = (rows: Array<Record<string, string | number>>) => Papa.unparse(rows, { newline: '\r\n' });

async function upload(area: 'products' | 'categories', text: string, dryRun: boolean) {
  const file = multipartBody('file', `${area}.csv`, 'text/csv', Buffer.from(text, 'utf8'));
  const res = await admin.request('POST', `/api/${area}/upload${dryRun ? '?dryRun=1' : ''}`, file.body, file.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadResult;
}

/** The preview first (nothing written), then the real import: both must give the same answer. */
async function previewThenImport(area: 'products' | 'categories', text: string, countRows: () => Promise<number>) {
  const before = await countRows();
  const preview = await upload(area, text, true);
  expect(await countRows()).toBe(before);
  const result = await upload(area, text, false);
  expect({ created: preview.created, updated: preview.updated, failed: preview.failed }).toEqual({
    created: result.created,
    updated: result.updated,
    failed: result.failed,
  });
  return result;
}

const productsTitled = (prefix: string) => async () =>
  (await ctx.database.db.select({ n: count() }).from(products).where(like(products.title, `${prefix}%`)))[0]!.n;

describe('refused rows of a CSV import', () => {
  it('imports prices beyond 2^31 minor units and reports a price beyond the largest amount on its row', async () => {
    const text = csvOf([
      { title: 'Big price 1', sku: 'BIG-1', price: '10.00' },
      { title: 'Big price 2', sku: 'BIG-2', price: '30000000.00' },
      { title: 'Big price 3', sku: 'BIG-3', price: '2000000000.00' },
      { title: 'Big price 4', sku: 'BIG-4', price: '5.00' },
    ]);
    const result = await previewThenImport('products', text, productsTitled('Big price'));
    expect(result.created).toBe(3);
    expect(result.failed).toEqual([{ row: 4, field: 'price', message: `The price may not be greater than ${MAX_MONEY}.` }]);
    const [big] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.sku, 'BIG-2'));
    expect(big?.price).toBe(3_000_000_000);
    expect(await productsTitled('Big price 4')()).toBe(1);
  });

  it('reports a stock count beyond the largest quantity on the row that updates a product', async () => {
    const text = csvOf([
      { sku: 'BIG-1', stock: '9999999999' },
      { sku: 'BIG-4', stock: '3000000' },
    ]);
    const result = await previewThenImport('products', text, productsTitled('Big price'));
    expect(result.updated).toBe(1);
    expect(result.failed).toEqual([{ row: 2, field: 'stock', message: 'The quantity may not be greater than 1000000000.' }]);
    const [level] = await ctx.database.db
      .select({ quantity: stockLevels.quantity })
      .from(stockLevels)
      .innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
      .where(eq(productVariants.sku, 'BIG-4'));
    expect(level?.quantity).toBe(3_000_000);
  });

  it("makes a row the database refuses that row's error, on create and update; the rows after it import", async () => {
    // A rule of the database that the contract does not know: the import must not depend on knowing it.
    await ctx.database.db.execute(sql`alter table product_variants add constraint test_no_price_666 check (price <> 66600)`);
    try {
      const text = csvOf([
        { title: 'Refused 1', sku: 'REF-1', price: '1.00' },
        { title: 'Refused 2', sku: 'REF-2', price: '666.00' },
        { title: 'Refused 3', sku: 'REF-3', price: '3.00' },
        { title: '', sku: 'BIG-1', price: '666.00' },
        { title: '', sku: 'BIG-4', price: '7.00' },
      ]);
      const result = await previewThenImport('products', text, productsTitled('Refused'));
      expect(result).toEqual({
        created: 2,
        updated: 1,
        failed: [
          { row: 3, field: null, message: 'The database refused this row (rule test_no_price_666).' },
          { row: 5, field: null, message: 'The database refused this row (rule test_no_price_666).' },
        ],
      });
      expect(await productsTitled('Refused 2')()).toBe(0);
      const [bigOne] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.sku, 'BIG-1'));
      expect(bigOne?.price).toBe(1000);
      const [bigFour] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.sku, 'BIG-4'));
      expect(bigFour?.price).toBe(700);
    } finally {
      await ctx.database.db.execute(sql`alter table product_variants drop constraint test_no_price_666`);
    }
  });

  it("makes a category row the database refuses that row's error; the rows after it import", async () => {
    await ctx.database.db.execute(sql`alter table categories add constraint test_no_cursed check (name <> 'Cursed')`);
    const countCategories = async () => (await ctx.database.db.select({ n: count() }).from(categories))[0]!.n;
    try {
      const text = csvOf([{ name: 'Kettles' }, { name: 'Cursed' }, { name: 'Teapots' }]);
      const result = await previewThenImport('categories', text, countCategories);
      expect(result).toMatchObject({
        created: 2,
        updated: 0,
        failed: [{ row: 3, field: null, message: 'The database refused this row (rule test_no_cursed).' }],
      });
      const names = (await ctx.database.db.select({ name: categories.name }).from(categories)).map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['Kettles', 'Teapots']));
      expect(names).not.toContain('Cursed');
    } finally {
      await ctx.database.db.execute(sql`alter table categories drop constraint test_no_cursed`);
    }
  });
});
