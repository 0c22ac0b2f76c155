import { MAX_QUANTITY } from '@tillbook/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevels, stockMovements } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { changeStock } from '../stock/service.ts';

let ctx: TestContext;
let shop: SaleShop;
let drinksId: number;
let sodaId: number;
/** Cola (Soda, under Drinks): 12 at Main store, cost 0.60. */
let cola: number;
/** Water (Drinks): no stock level at all, cost 0.20. */
let water: number;
/** Crisps: in no category, 7 at Main store. */
let crisps: number;
/** A gift card in Drinks that tracks no stock, and an archived lemonade in Drinks. */
let giftCard: number;
let lemonade: number;

async function category(name: string, parentId: number | null = null): Promise<number> {
  const res = await shop.admin.post('/api/categories/create', { name, parentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function product(title: string, options: { categoryIds?: number[]; cost: number; stock?: number; trackStock?: boolean; status?: 'active' | 'archived' }) {
  const stock = options.stock === undefined ? [] : [{ outletId: shop.main.id, quantity: options.stock, lowStockThreshold: null }];
  const res = await shop.admin.post('/api/products/create', {
    title,
    categoryIds: options.categoryIds ?? [],
    trackStock: options.trackStock ?? true,
    status: options.status ?? 'active',
    variants: [{ price: options.cost * 2, cost: options.cost, stock }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.variants[0].id as number;
}

async function level(variantId: number, outletId = shop.main.id): Promise<number | undefined> {
  const [row] = await ctx.database.db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.outletId, outletId), eq(stockLevels.variantId, variantId)));
  return row?.quantity;
}

async function start(body: Record<string, unknown>) {
  const res = await shop.admin.post('/api/stock-counts/create', { outletId: shop.main.id, note: null, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string; totals: Record<string, number>; status: string };
}

async function lines(countId: number, query = '') {
  const res = await shop.admin.get(`/api/stock-counts/${countId}/lines?perPage=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<Record<string, unknown> & { variantId: number }>; meta: { total: number } };
}

async function lineOf(countId: number, variantId: number) {
  return (await lines(countId)).data.find((l) => l.variantId === variantId);
}

function count(countId: number, variantId: number, quantity: number, mode: 'add' | 'set') {
  return shop.admin.post(`/api/stock-counts/${countId}/lines`, { variantId, quantity, mode });
}

async function review(countId: number) {
  const res = await shop.admin.get(`/api/stock-counts/${countId}/edit`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function countMoves(countId: number) {
  return ctx.database.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.documentType, 'stock_count'), eq(stockMovements.documentId, countId)));
}

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  drinksId = await category('Drinks');
  sodaId = await category('Soda', drinksId);
  cola = await product('Cola', { categoryIds: [sodaId], cost: 60, stock: 12 });
  water = await product('Water', { categoryIds: [drinksId], cost: 20 });
  crisps = await product('Crisps', { cost: 45, stock: 7 });
  giftCard = await product('Gift card', { categoryIds: [drinksId], cost: 0, trackStock: false });
  lemonade = await product('Lemonade', { categoryIds: [drinksId], cost: 50, stock: 3, status: 'archived' });
});
afterAll(() => ctx.close());

describe('starting a count', () => {
  it('of all products freezes each tracked variant of an active product at its level (0 without one) and its cost', async () => {
    const sheet = await start({ scope: 'all' });
    expect(sheet).toMatchObject({ number: `SC-${String(sheet.id).padStart(6, '0')}`, status: 'counting', scope: 'all', outletName: shop.main.name });
    const rows = (await lines(sheet.id)).data;
    const byVariant = new Map(rows.map((r) => [r.variantId, r]));
    expect([...byVariant.keys()].sort((a, b) => a - b)).toEqual([shop.shirt.variantId, shop.mug.variantId, cola, water, crisps].sort((a, b) => a - b));
    expect(byVariant.get(cola)).toMatchObject({ productTitle: 'Cola', expected: 12, unitCost: 60, counted: null, variance: null, movedBeforeCount: 0 });
    expect(byVariant.get(water)).toMatchObject({ expected: 0, unitCost: 20 });
    expect(sheet.totals).toMatchObject({ lines: 5, counted: 0, uncounted: 5, varianceLines: 0 });

    // What happens to stock after the start does not change what the sheet expected.
    await changeStock(ctx.database.db, { outletId: shop.main.id, variantId: crisps, delta: 3, reason: 'adjustment', userId: null, allowNegative: false });
    expect(await lineOf(sheet.id, crisps)).toMatchObject({ expected: 7 });
    await changeStock(ctx.database.db, { outletId: shop.main.id, variantId: crisps, delta: -3, reason: 'adjustment', userId: null, allowNegative: false });
  });

  it('of a category takes the category and its sub-categories, only products that track stock and are active', async () => {
    const sheet = await start({ scope: 'category', categoryId: drinksId });
    expect(sheet).toMatchObject({ scope: 'category', categoryId: drinksId, categoryName: 'Drinks' });
    const rows = (await lines(sheet.id)).data;
    expect(rows.map((r) => r.productTitle)).toEqual(['Cola', 'Water']);
    expect(rows.map((r) => r.variantId)).not.toContain(giftCard);
    expect(rows.map((r) => r.variantId)).not.toContain(lemonade);
  });

  it('of a list takes exactly the variants given, each once', async () => {
    const sheet = await start({ scope: 'list', variantIds: [crisps, cola, crisps] });
    expect((await lines(sheet.id)).data.map((r) => r.productTitle)).toEqual(['Cola', 'Crisps']);
  });

  it('refuses an unknown outlet or category, an empty category, and a list product that is missing or untracked — on its row', async () => {
    const badOutlet = await shop.admin.post('/api/stock-counts/create', { outletId: 9999, scope: 'all' });
    expect(badOutlet.statusCode).toBe(422);
    expect(badOutlet.json().errors).toEqual({ outletId: ['The chosen outlet does not exist.'] });
    const badCategory = await shop.admin.post('/api/stock-counts/create', { outletId: shop.main.id, scope: 'category', categoryId: 9999 });
    expect(badCategory.json().errors).toEqual({ categoryId: ['The chosen category does not exist.'] });
    const empty = await category('Empty shelf');
    const emptyCount = await shop.admin.post('/api/stock-counts/create', { outletId: shop.main.id, scope: 'category', categoryId: empty });
    expect(emptyCount.statusCode).toBe(422);
    expect(emptyCount.json().errors).toEqual({ categoryId: ['No active product that tracks stock is filed in this category.'] });
    const badList = await shop.admin.post('/api/stock-counts/create', { outletId: shop.main.id, scope: 'list', variantIds: [cola, 99_999, giftCard] });
    expect(badList.statusCode).toBe(422);
    expect(badList.json().errors).toEqual({ 'variantIds.1': ['The selected product does not exist.'], 'variantIds.2': ['This product does not track stock.'] });
    const noList = await shop.admin.post('/api/stock-counts/create', { outletId: shop.main.id, scope: 'list' });
    expect(noList.json().errors).toEqual({ variantIds: ['Add at least one product to count.'] });
  });
});

describe('counting', () => {
  it('adds by scan and sets by typing, stamping who counted and when', async () => {
    const sheet = await start({ scope: 'list', variantIds: [cola] });
    expect((await count(sheet.id, cola, 1, 'add')).json().data).toMatchObject({ counted: 1, variance: -11 });
    await count(sheet.id, cola, 1, 'add');
    expect(await lineOf(sheet.id, cola)).toMatchObject({ counted: 2 });
    const typed = (await count(sheet.id, cola, 13, 'set')).json().data;
    expect(typed).toMatchObject({ counted: 13, expected: 12, movedBeforeCount: 0, variance: 1, varianceValue: 60 });
    expect(typed.countedByName).toMatch(/^Test administrator/);
    expect(Date.now() - Date.parse(typed.countedAt)).toBeLessThan(60_000);
    expect((await count(sheet.id, cola, 2, 'add')).json().data).toMatchObject({ counted: 15, variance: 3 });
    expect((await count(sheet.id, cola, 0, 'set')).json().data).toMatchObject({ counted: 0, variance: -12, varianceValue: -720 });
  });

  it('takes a sale during the count for what it is, not for a variance', async () => {
    const sheet = await start({ scope: 'list', variantIds: [shop.shirt.variantId] });
    expect(await lineOf(sheet.id, shop.shirt.variantId)).toMatchObject({ expected: 10 });
    await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
    // Two shirts at 25.00 + 20 % tax are sold while the shelf is being counted.
    const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 2]], 6000));
    expect(sale.statusCode, sale.body).toBe(201);
    const line = (await count(sheet.id, shop.shirt.variantId, 8, 'set')).json().data;
    expect(line).toMatchObject({ expected: 10, movedBeforeCount: -2, counted: 8, variance: 0 });
    expect((await review(sheet.id)).totals).toMatchObject({ varianceLines: 0, unitsOver: 0, unitsShort: 0 });
    const applied = await shop.admin.post(`/api/stock-counts/${sheet.id}/apply`, {});
    expect(applied.json().data).toMatchObject({ status: 'applied', adjustments: 0 });
    expect(await countMoves(sheet.id)).toEqual([]);
    expect(await level(shop.shirt.variantId)).toBe(8);
  });

  it('adds a product found on the shelf but not on the sheet, expecting its level now; a category count refuses one outside it', async () => {
    const listCount = await start({ scope: 'list', variantIds: [cola] });
    expect((await count(listCount.id, crisps, 1, 'add')).json().data).toMatchObject({ productTitle: 'Crisps', expected: 7, counted: 1, variance: -6 });
    expect((await lines(listCount.id)).meta.total).toBe(2);

    const drinks = await start({ scope: 'category', categoryId: drinksId });
    const outside = await count(drinks.id, crisps, 1, 'add');
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ variantId: ['This product is not in the category being counted.'] });
    expect((await count(drinks.id, giftCard, 1, 'add')).json().errors).toEqual({ variantId: ['This product does not track stock.'] });
    expect((await count(drinks.id, 99_999, 1, 'add')).json().errors).toEqual({ variantId: ['The selected product does not exist.'] });
  });

  it('refuses a quantity that is negative, not whole, or beyond the largest quantity — typed or added up', async () => {
    const sheet = await start({ scope: 'list', variantIds: [cola] });
    expect((await count(sheet.id, cola, -1, 'set')).json().errors).toEqual({ quantity: ['The quantity must be at least 0.'] });
    expect((await count(sheet.id, cola, 2.5, 'add')).json().errors).toEqual({ quantity: ['The quantity must be a whole number.'] });
    await count(sheet.id, cola, MAX_QUANTITY, 'set');
    const over = await count(sheet.id, cola, 1, 'add');
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ quantity: [`The counted quantity may not be greater than ${MAX_QUANTITY}.`] });
    expect(await lineOf(sheet.id, cola)).toMatchObject({ counted: MAX_QUANTITY });
  });
});

describe('the sheet and the review', () => {
  it('pages, searches by title, SKU or barcode, and filters uncounted, counted and variance lines', async () => {
    const sheet = await start({ scope: 'all' });
    await count(sheet.id, cola, 12, 'set');
    await count(sheet.id, crisps, 5, 'set');
    const titles = async (query: string) => (await lines(sheet.id, query)).data.map((l) => l.productTitle);
    expect(await titles('&filter=counted')).toEqual(['Cola', 'Crisps']);
    expect(await titles('&filter=variance')).toEqual(['Crisps']);
    expect(await titles('&filter=uncounted')).toEqual(['Linen shirt', 'Mug', 'Water']);
    expect(await titles('&search=wat')).toEqual(['Water']);
    expect(await titles('&search=SHIRT-M')).toEqual(['Linen shirt']);
    const page2 = await shop.admin.get(`/api/stock-counts/${sheet.id}/lines?perPage=2&page=2`);
    expect(page2.json().meta).toEqual({ page: 2, perPage: 2, total: 5, lastPage: 3 });
    expect(page2.json().data.map((l: { productTitle: string }) => l.productTitle)).toEqual(['Linen shirt', 'Mug']);
    expect((await shop.admin.get(`/api/stock-counts/${sheet.id}/lines?filter=odd`)).statusCode).toBe(422);
  });

  it('sums variances in units and in value at the cost frozen at the start', async () => {
    const sheet = await start({ scope: 'list', variantIds: [cola, crisps, water, shop.mug.variantId] });
    await count(sheet.id, cola, 15, 'set'); // 3 over at 0.60
    await count(sheet.id, crisps, 5, 'set'); // 2 short at 0.45
    await count(sheet.id, water, 0, 'set'); // as expected
    // The cost changing after the start does not change the value of the variance.
    await ctx.database.db.execute(sql`update product_variants set cost = 999 where id = ${cola}`);
    expect((await review(sheet.id)).totals).toEqual({
      lines: 4,
      counted: 3,
      uncounted: 1,
      varianceLines: 2,
      uncountedInStock: 1,
      unitsOver: 3,
      unitsShort: 2,
      valueOver: 180,
      valueShort: 90,
    });
    await ctx.database.db.execute(sql`update product_variants set cost = 60 where id = ${cola}`);
  });
});

describe('applying', () => {
  it('posts exactly the variances, one ledger move each with reason count, and the levels show what was counted', async () => {
    const sheet = await start({ scope: 'list', variantIds: [cola, crisps, water, shop.mug.variantId], note: 'Year end' });
    await count(sheet.id, cola, 14, 'set');
    await count(sheet.id, crisps, 4, 'set');
    await count(sheet.id, water, 0, 'set');
    const res = await shop.admin.post(`/api/stock-counts/${sheet.id}/apply`, { uncounted: 'skip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'applied', adjustments: 2, appliedByName: expect.stringMatching(/^Test administrator/) });
    expect(res.json().data.appliedAt).not.toBeNull();
    const moves = await countMoves(sheet.id);
    expect(moves.map((m) => [m.variantId, m.delta, m.quantityAfter, m.reason]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [cola, 2, 14, 'count'],
        [crisps, -3, 4, 'count'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(moves[0]?.userId).not.toBeNull();
    expect(moves[0]?.note).toBe(`Stock count ${sheet.number}`);
    expect(await level(cola)).toBe(14);
    expect(await level(crisps)).toBe(4);
    expect(await level(shop.mug.variantId)).toBe(5);

    const again = await shop.admin.post(`/api/stock-counts/${sheet.id}/apply`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(`${sheet.number} has been applied already: it can no longer be applied.`);
    const late = await count(sheet.id, cola, 1, 'add');
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ status: [`${sheet.number} has been applied already: it can no longer be counted.`] });
    expect((await shop.admin.put(`/api/stock-counts/${sheet.id}/edit`, { status: 'cancelled' })).statusCode).toBe(422);
    expect(await countMoves(sheet.id)).toHaveLength(2);
    // Restore the shelves for the tests that follow.
    await changeStock(ctx.database.db, { outletId: shop.main.id, variantId: cola, delta: -2, reason: 'adjustment', userId: null, allowNegative: false });
    await changeStock(ctx.database.db, { outletId: shop.main.id, variantId: crisps, delta: 3, reason: 'adjustment', userId: null, allowNegative: false });
  });

  it('leaves uncounted lines alone when skipping them, and counts them as none when told', async () => {
    const skip = await start({ scope: 'list', variantIds: [cola, crisps] });
    await count(skip.id, cola, 12, 'set');
    // Unless told otherwise, uncounted lines are skipped.
    const applied = await shop.admin.post(`/api/stock-counts/${skip.id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await countMoves(skip.id)).toEqual([]);
    expect(await level(crisps)).toBe(7);

    const zero = await start({ scope: 'list', variantIds: [cola, crisps, water] });
    await count(zero.id, cola, 12, 'set');
    const res = await shop.admin.post(`/api/stock-counts/${zero.id}/apply`, { uncounted: 'zero' });
    expect(res.json().data).toMatchObject({ adjustments: 1, totals: { counted: 3, uncounted: 0, varianceLines: 1, unitsShort: 7 } });
    const moves = await countMoves(zero.id);
    expect(moves.map((m) => [m.variantId, m.delta, m.quantityAfter])).toEqual([[crisps, -7, 0]]);
    expect(await level(crisps)).toBe(0);
    await changeStock(ctx.database.db, { outletId: shop.main.id, variantId: crisps, delta: 7, reason: 'adjustment', userId: null, allowNegative: false });
  });

  it('cancels a count: nothing is posted and it takes no more counting or applying; the note can still change', async () => {
    const sheet = await start({ scope: 'list', variantIds: [cola] });
    await count(sheet.id, cola, 3, 'set');
    const cancelled = await shop.admin.put(`/api/stock-counts/${sheet.id}/edit`, { status: 'cancelled' });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json().data.cancelledAt).not.toBeNull();
    expect((await count(sheet.id, cola, 1, 'add')).json().message).toBe(`${sheet.number} was cancelled: it can no longer be counted.`);
    expect((await shop.admin.post(`/api/stock-counts/${sheet.id}/apply`, {})).json().message).toBe(`${sheet.number} was cancelled: it can no longer be applied.`);
    expect((await shop.admin.put(`/api/stock-counts/${sheet.id}/edit`, { note: 'Recount next week' })).json().data).toMatchObject({ note: 'Recount next week', status: 'cancelled' });
    expect(await countMoves(sheet.id)).toEqual([]);
    expect(await level(cola)).toBe(12);
  });
});

describe('the list of counts', () => {
  it('lists newest first and filters by status, outlet, number and dates', async () => {
    const harbourCount = await start({ scope: 'list', variantIds: [cola], outletId: shop.harbour.id });
    const all = (await shop.admin.get('/api/stock-counts?perPage=100')).json();
    expect(all.data[0]).toMatchObject({ id: harbourCount.id, outletName: 'Harbour Road', lineCount: 1, countedCount: 0, status: 'counting' });
    const ids = all.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const byOutlet = (await shop.admin.get(`/api/stock-counts?outletId=${shop.harbour.id}`)).json();
    expect(byOutlet.data.map((c: { id: number }) => c.id)).toEqual([harbourCount.id]);
    const applied = (await shop.admin.get('/api/stock-counts?status=applied&perPage=100')).json();
    expect(applied.data.every((c: { status: string }) => c.status === 'applied')).toBe(true);
    expect(applied.meta.total).toBeGreaterThan(0);
    expect((await shop.admin.get(`/api/stock-counts?search=${harbourCount.number}`)).json().data.map((c: { id: number }) => c.id)).toEqual([harbourCount.id]);
    expect((await shop.admin.get('/api/stock-counts?from=2001-01-01&to=2001-01-31')).json().meta.total).toBe(0);
    expect((await shop.admin.get('/api/stock-counts?from=2030-01-02&to=2030-01-01')).json().errors).toEqual({ to: ['The to date must be on or after the from date.'] });
  });

  it('answers 404 for a count that does not exist', async () => {
    expect((await shop.admin.get('/api/stock-counts/99999/edit')).statusCode).toBe(404);
    expect((await shop.admin.get('/api/stock-counts/99999/lines')).statusCode).toBe(404);
    expect((await count(99_999, cola, 1, 'add')).statusCode).toBe(404);
    expect((await shop.admin.post('/api/stock-counts/99999/apply', {})).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('gives a cashier 403 on every stock count and stock movement call', async () => {
    const sheet = await start({ scope: 'list', variantIds: [cola] });
    const calls = [
      shop.cashier.get('/api/stock-counts'),
      shop.cashier.post('/api/stock-counts/create', { outletId: shop.main.id, scope: 'all' }),
      shop.cashier.get(`/api/stock-counts/${sheet.id}/edit`),
      shop.cashier.put(`/api/stock-counts/${sheet.id}/edit`, { status: 'cancelled' }),
      shop.cashier.get(`/api/stock-counts/${sheet.id}/lines`),
      shop.cashier.post(`/api/stock-counts/${sheet.id}/lines`, { variantId: cola, quantity: 1, mode: 'add' }),
      shop.cashier.post(`/api/stock-counts/${sheet.id}/apply`, {}),
      shop.cashier.get('/api/stock-movements'),
      shop.cashier.get('/api/stock-movements/export'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect((await review(sheet.id)).status).toBe('counting');
    expect(await lineOf(sheet.id, cola)).toMatchObject({ counted: null });
  });
});
