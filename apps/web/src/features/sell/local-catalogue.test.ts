import type { ProductSyncResult, SyncProduct } from '@tillbook/contract';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { httpError, networkError } from '../../testing/fixtures.ts';
import { catalogueDbName } from './catalogue-db.ts';
import { CATALOGUE_SYNC_INTERVAL_MS, useLocalCatalogue } from './local-catalogue.ts';
import { syncProduct, syncVariant } from './sync-product.fixtures.ts';


const salesTax = { id: 1, name: 'Sales tax', rateE4: 75_000, isInclusive: false, isCompound: false };
const cityTax = { id: 2, name: 'City tax', rateE4: 10_000, isInclusive: false, isCompound: true };
const deposit = { id: 5, name: 'Bottle deposit', isTaxable: false, kind: 'fixed' as const, amount: 25, per: 'unit' as const };

function page(products: SyncProduct[], nextCursor: string, overrides: Partial<ProductSyncResult> = {}): ProductSyncResult {
  return {
    products,
    deletedProductIds: [],
    deletedVariantIds: [],
    taxes: [salesTax, cityTax],
    charges: [deposit],
    categories: [
      { id: 20, name: 'Shirts', parentId: 10, colour: null, position: 1 },
      { id: 10, name: 'Clothing', parentId: null, colour: '#ff0000', position: 0 },
      { id: 30, name: 'Drinks', parentId: null, colour: null, position: 2 },
    ],
    nextCursor,
    hasMore: false,
    ...overrides,
  };
}

const shirt = syncProduct(1, 'Linen Shirt', {
  categoryIds: [20],
  taxIds: [2, 9, 1],
  variants: [syncVariant(11, { name: 'M / Red', sku: 'SHIRT-M-RED', barcode: '4006381333931' }), syncVariant(12, { name: 'L / Blue', sku: 'SHIRT-L-BLUE' })],
});
const cola = syncProduct(2, 'Cola Zero 330 ml', { categoryIds: [30], chargeIds: [5, 6], variants: [syncVariant(21, { barcode: '5449000131805', price: 150 })] });
const shorts = syncProduct(3, 'Shirt and Shorts Set', { categoryIds: [10] });
const apron = syncProduct(4, 'Apron', { status: 'archived' });

/** The server's sync answers by the cursor asked for (`''`: a full copy from the start). */
function answerSync(pages: Record<string, ProductSyncResult | Error>) {
  return vi.spyOn(http, 'get').mockImplementation((url, config) => {
    if (url !== '/api/products/sync') return Promise.reject(new Error(`unexpected GET ${url}`));
    const since = (config?.params as { since?: string } | undefined)?.since;
    const answer = pages[since ?? ''];
    if (!answer) return Promise.reject(new Error(`unexpected cursor ${since}`));
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve({ data: { data: answer } });
  });
}

const fullCopy = {
  '': page([shirt, apron], 'c1', { hasMore: true }),
  c1: page([cola, shorts], 'c2'),
};

const usedOutlets: number[] = [];
let nextOutlet = 100;
function newOutlet(): number {
  nextOutlet += 1;
  usedOutlets.push(nextOutlet);
  return nextOutlet;
}

afterEach(async () => {
  // Unmounting closes the screens' databases, so deleting them does not wait on open connections.
  cleanup();
  await Promise.all(usedOutlets.splice(0).map((id) => Dexie.delete(catalogueDbName(id))));
});

async function readyCatalogue(outletId: number) {
  const hook = renderHook(() => useLocalCatalogue(outletId));
  await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  return hook;
}

const titles = (products: SyncProduct[]) => products.map((p) => p.title);

describe('useLocalCatalogue', () => {
  it('copies the catalogue page by page, counting the products received, then searches it without the server', async () => {
    const get = answerSync(fullCopy);
    const outletId = newOutlet();
    const hook = renderHook(() => useLocalCatalogue(outletId));
    expect(hook.result.current).toMatchObject({ status: 'loading', catalogue: null });
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));
    expect(hook.result.current.received).toBe(4);
    expect(hook.result.current.error).toBeNull();
    expect(hook.result.current.lastSyncedAt).toBeInstanceOf(Date);
    expect(get.mock.calls.map(([, config]) => config?.params)).toEqual([
      { outletId, limit: 2000 },
      { outletId, limit: 2000, since: 'c1' },
    ]);

    get.mockClear();
    const catalogue = hook.result.current.catalogue!;
    expect(titles(await catalogue.search('shirt'))).toEqual(['Shirt and Shorts Set', 'Linen Shirt']);
    expect(titles(await catalogue.search('SHIRT lin'))).toEqual(['Linen Shirt']);
    expect(titles(await catalogue.search('red'))).toEqual(['Linen Shirt']);
    expect(titles(await catalogue.search('cola 330'))).toEqual(['Cola Zero 330 ml']);
    expect(titles(await catalogue.search('shirt-l-blue'))).toEqual(['Linen Shirt']);
    expect(titles(await catalogue.search('5449000131805'))).toEqual(['Cola Zero 330 ml']);
    expect(titles(await catalogue.search('shirt', 1))).toEqual(['Shirt and Shorts Set']);
    expect(await catalogue.search('apron')).toEqual([]);
    expect(await catalogue.search('  ')).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });

  it('puts an exact code first, then titles that start with the text', async () => {
    const byCode = syncProduct(5, 'Zebra Mug', { variants: [syncVariant(51, { sku: 'SHIRT' })] });
    answerSync({ '': page([shirt, shorts, byCode], 'c1') });
    const { result } = await readyCatalogue(newOutlet());
    expect(titles(await result.current.catalogue!.search('shirt'))).toEqual(['Zebra Mug', 'Shirt and Shorts Set', 'Linen Shirt']);
  });

  it('finds a title typed with its hyphen, a SKU by its beginning and a word inside a SKU', async () => {
    const tee = syncProduct(7, 'Organic T-Shirt', { variants: [syncVariant(71, { sku: 'TEE-ORG-XL' })] });
    answerSync({ '': page([tee, shirt, cola], 'c1') });
    const catalogue = (await readyCatalogue(newOutlet())).result.current.catalogue!;
    expect(titles(await catalogue.search('t-sh'))).toEqual(['Organic T-Shirt']);
    expect(titles(await catalogue.search('tee-or'))).toEqual(['Organic T-Shirt']);
    expect(titles(await catalogue.search('xl'))).toEqual(['Organic T-Shirt']);
    expect(titles(await catalogue.search('organic shirt'))).toEqual(['Organic T-Shirt']);
  });

  it('keeps best matches alphabetical when a word is in thousands of products', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => syncProduct(1000 + i, `Item ${String((i * 7919) % 2500).padStart(4, '0')}`, { variants: [syncVariant(100_000 + i, { sku: '' })] }));
    answerSync({ '': page(many, 'c1') });
    const catalogue = (await readyCatalogue(newOutlet())).result.current.catalogue!;
    expect(titles(await catalogue.search('item', 3))).toEqual(['Item 0000', 'Item 0001', 'Item 0002']);
    expect(titles(await catalogue.search('item 1', 3))).toEqual(['Item 1000', 'Item 1001', 'Item 1002']);
    expect(titles(await catalogue.search('i item', 3))).toEqual(['Item 0000', 'Item 0001', 'Item 0002']);
    // A word is found from its beginning: "24" finds Item 2400…, not Item 0024.
    expect(titles(await catalogue.search('i 24', 3))).toEqual(['Item 2400', 'Item 2401', 'Item 2402']);
    expect(titles(await catalogue.productsInCategory(null, 2))).toEqual(['Item 0000', 'Item 0001']);
  });

  it('finds the few products two common words share', async () => {
    const titled = (title: string, i: number) => syncProduct(5000 + i, title, { variants: [syncVariant(500_000 + i, { sku: '' })] });
    const alphas = Array.from({ length: 2100 }, (_, i) => titled(`Alpha ${i}`, i));
    const betas = Array.from({ length: 2100 }, (_, i) => titled(`Beta ${i}`, 2100 + i));
    const both = [titled('Omega Alpha Beta 2', 4200), titled('Omega Beta Alpha 1', 4201)];
    answerSync({ '': page([...alphas, ...betas, ...both], 'c1') });
    const catalogue = (await readyCatalogue(newOutlet())).result.current.catalogue!;
    expect(titles(await catalogue.search('beta alpha'))).toEqual(['Omega Alpha Beta 2', 'Omega Beta Alpha 1']);
  });

  it('finds a variant by its barcode or SKU in any case, and only an active one; a product with none left is not listed', async () => {
    const retired = syncProduct(6, 'Old Mug', { variants: [syncVariant(61, { barcode: '111222333', active: false })] });
    answerSync({ '': page([shirt, cola, retired], 'c1') });
    const catalogue = (await readyCatalogue(newOutlet())).result.current.catalogue!;
    expect(await catalogue.search('mug')).toEqual([]);
    expect(titles(await catalogue.productsInCategory(null))).toEqual(['Cola Zero 330 ml', 'Linen Shirt']);
    expect(await catalogue.findByCode('4006381333931')).toMatchObject({ product: { id: 1 }, variant: { id: 11, name: 'M / Red' } });
    expect(await catalogue.findByCode('shirt-l-blue')).toMatchObject({ product: { id: 1 }, variant: { id: 12 } });
    expect(await catalogue.findByCode('111222333')).toBeNull();
    expect(await catalogue.findByCode('40063813')).toBeNull();
  });

  it('makes a sale item with the product’s active taxes in its order and its active charges', async () => {
    answerSync(fullCopy);
    const catalogue = (await readyCatalogue(newOutlet())).result.current.catalogue!;
    const found = await catalogue.findByCode('4006381333931');
    expect(catalogue.saleItemOf(found!.product, found!.variant)).toEqual({
      variantId: 11,
      productId: 1,
      title: 'Linen Shirt',
      variantName: 'M / Red',
      sku: 'SHIRT-M-RED',
      unitPrice: 1000,
      taxes: [cityTax, salesTax],
      charges: [],
      categoryIds: [20],
    });
    const colaHit = await catalogue.findByCode('5449000131805');
    expect(catalogue.saleItemOf(colaHit!.product, colaHit!.variant)).toMatchObject({ unitPrice: 150, taxes: [], charges: [deposit] });
  });

  it('lists categories by position and a category’s products with its sub-categories', async () => {
    answerSync(fullCopy);
    const catalogue = (await readyCatalogue(newOutlet())).result.current.catalogue!;
    expect((await catalogue.categories()).map((c) => c.name)).toEqual(['Clothing', 'Shirts', 'Drinks']);
    expect(titles(await catalogue.productsInCategory(10))).toEqual(['Linen Shirt', 'Shirt and Shorts Set']);
    expect(titles(await catalogue.productsInCategory(20))).toEqual(['Linen Shirt']);
    expect(titles(await catalogue.productsInCategory(null))).toEqual(['Cola Zero 330 ml', 'Linen Shirt', 'Shirt and Shorts Set']);
    expect(titles(await catalogue.productsInCategory(null, 2))).toEqual(['Cola Zero 330 ml', 'Linen Shirt']);
  });

  it('takes changes and deletions on refresh: new prices, stock and categories, products and variants gone, archived ones out', async () => {
    answerSync(fullCopy);
    const { result } = await readyCatalogue(newOutlet());
    const cheaperCola = { ...cola, categoryIds: [10], variants: [syncVariant(21, { barcode: '5449000131805', price: 120, stock: 7 })] };
    vi.restoreAllMocks();
    answerSync({
      c2: page([cheaperCola, { ...shorts, status: 'archived' }], 'c3', { deletedVariantIds: [11], taxes: [salesTax] }),
    });
    const before = result.current.catalogue;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.catalogue).not.toBe(before));

    const catalogue = result.current.catalogue!;
    expect((await catalogue.findByCode('5449000131805'))?.variant).toMatchObject({ price: 120, stock: 7 });
    expect(await catalogue.findByCode('4006381333931')).toBeNull();
    const left = await catalogue.findByCode('SHIRT-L-BLUE');
    expect(left?.product.variants.map((v) => v.id)).toEqual([12]);
    expect(catalogue.saleItemOf(left!.product, left!.variant).taxes).toEqual([salesTax]);
    expect(titles(await catalogue.search('shirt'))).toEqual(['Linen Shirt']);
    expect(titles(await catalogue.productsInCategory(10))).toEqual(['Cola Zero 330 ml', 'Linen Shirt']);
    expect(await catalogue.productsInCategory(30)).toEqual([]);

    vi.restoreAllMocks();
    answerSync({ c3: page([], 'c4', { deletedProductIds: [1] }) });
    const beforeDeletion = result.current.catalogue;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.catalogue).not.toBe(beforeDeletion));
    expect(await result.current.catalogue!.search('shirt')).toEqual([]);
    expect(titles(await result.current.catalogue!.productsInCategory(10))).toEqual(['Cola Zero 330 ml']);
  });

  it('starts from the stored copy when the screen opens again and asks only for changes', async () => {
    answerSync(fullCopy);
    const outletId = newOutlet();
    const first = await readyCatalogue(outletId);
    first.unmount();

    vi.restoreAllMocks();
    let answer: (value: unknown) => void = () => {};
    const get = vi.spyOn(http, 'get').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const second = renderHook(() => useLocalCatalogue(outletId));
    await waitFor(() => expect(second.result.current.status).toBe('ready'));
    expect(titles(await second.result.current.catalogue!.search('cola'))).toEqual(['Cola Zero 330 ml']);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/products/sync', { params: { outletId, limit: 2000, since: 'c2' } }));
    await act(async () => answer({ data: { data: page([], 'c3') } }));
  });

  it('keeps selling from the copy when a sync fails, says so, and tries again on the next tick', async () => {
    const setInterval = vi.spyOn(window, 'setInterval');
    const get = answerSync(fullCopy);
    const { result } = await readyCatalogue(newOutlet());

    get.mockRestore();
    answerSync({ c2: networkError() });
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.error).toBe('The product list could not be updated. The server cannot be reached. Check the connection and try again.'));
    expect(result.current.status).toBe('ready');
    expect(titles(await result.current.catalogue!.search('cola'))).toEqual(['Cola Zero 330 ml']);

    vi.mocked(http.get).mockRestore();
    answerSync({ c2: page([{ ...cola, title: 'Cola Light 330 ml' }], 'c3') });
    const tick = setInterval.mock.calls.find(([, ms]) => ms === CATALOGUE_SYNC_INTERVAL_MS)?.[0] as () => void;
    act(() => tick());
    await waitFor(() => expect(result.current.error).toBeNull());
    expect(titles(await result.current.catalogue!.search('cola'))).toEqual(['Cola Light 330 ml']);
  });

  it('says why when the first copy cannot be loaded, and loads it on a later tick', async () => {
    const setInterval = vi.spyOn(window, 'setInterval');
    const get = answerSync({ '': httpError(403, { message: 'You may not do this.' }) });
    const outletId = newOutlet();
    const { result } = renderHook(() => useLocalCatalogue(outletId));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current).toMatchObject({ catalogue: null, error: 'The product list could not be loaded. You may not do this.' });

    get.mockRestore();
    answerSync(fullCopy);
    const tick = setInterval.mock.calls.find(([, ms]) => ms === CATALOGUE_SYNC_INTERVAL_MS)?.[0] as () => void;
    act(() => tick());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ error: null, received: 4 });
  });

  it('copies everything again when the server no longer knows the cursor, dropping what it did not send', async () => {
    const get = answerSync(fullCopy);
    const { result } = await readyCatalogue(newOutlet());
    get.mockRestore();
    answerSync({
      c2: httpError(422, { message: 'The cursor is not valid.', errors: { since: ['The cursor is not valid. Start a full sync without it.'] } }),
      '': page([cola], 'd1'),
    });
    const before = result.current.catalogue;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.catalogue).not.toBe(before));
    expect(result.current.error).toBeNull();
    expect(titles(await result.current.catalogue!.productsInCategory(null))).toEqual(['Cola Zero 330 ml']);
    expect(await result.current.catalogue!.productsInCategory(10)).toEqual([]);
  });

  it('is usable from its first page while the rest comes, with a progress bar’s figures, and asks the server for a scan it does not hold yet', async () => {
    let second: (value: unknown) => void = () => {};
    const get = vi.spyOn(http, 'get').mockImplementation((url, config) => {
      if (url === '/api/products/sync/code') {
        const code = (config?.params as { code: string }).code;
        return Promise.resolve({ data: { data: code === '5449000131805' ? [cola] : [] } });
      }
      const since = (config?.params as { since?: string }).since;
      if (!since) return Promise.resolve({ data: { data: page([shirt, apron], 'c1', { hasMore: true, total: 4 }) } });
      return new Promise((resolve) => (second = resolve));
    });
    const outletId = newOutlet();
    const { result } = renderHook(() => useLocalCatalogue(outletId));
    await waitFor(() => expect(result.current.catalogue).not.toBeNull());
    expect(result.current).toMatchObject({ status: 'loading', received: 2, total: 4 });
    const partial = result.current.catalogue!;
    expect(titles(await partial.search('shirt'))).toEqual(['Linen Shirt']);
    // In the copy already: no call. Not yet: the server answers, with the variant scanned.
    expect(await partial.findByCode('4006381333931')).toMatchObject({ product: { id: 1 }, variant: { id: 11 } });
    expect(get).not.toHaveBeenCalledWith('/api/products/sync/code', expect.anything());
    expect(await partial.findByCode('5449000131805')).toMatchObject({ product: { title: 'Cola Zero 330 ml' }, variant: { id: 21, price: 150 } });
    expect(get).toHaveBeenCalledWith('/api/products/sync/code', { params: { outletId, code: '5449000131805' } });
    expect(await partial.findByCode('0000')).toBeNull();

    await act(async () => second({ data: { data: page([cola, shorts], 'c2') } }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ received: 4, total: null });
    get.mockClear();
    expect(await result.current.catalogue!.findByCode('0000')).toBeNull();
    // The whole copy is in: a code it does not hold is not in the shop, and the server is not asked.
    expect(get).not.toHaveBeenCalled();
  });

  it('keeps changes as new pieces, reads them back in order when the screen opens again, and writes the pieces again when they pile up', async () => {
    answerSync({ '': page([shirt, cola, shorts], 'c1') });
    const outletId = newOutlet();
    const first = await readyCatalogue(outletId);
    // 80 small changes, each its own piece: the price of the cola going up by a cent at a time.
    for (let i = 1; i <= 80; i += 1) {
      vi.restoreAllMocks();
      answerSync({ [`c${i}`]: page([{ ...cola, variants: [syncVariant(21, { barcode: '5449000131805', price: 150 + i })] }], `c${i + 1}`, i === 80 ? { deletedProductIds: [3] } : {}) });
      const before = first.result.current.catalogue;
      act(() => first.result.current.refresh());
      await waitFor(() => expect(first.result.current.catalogue).not.toBe(before));
    }
    first.unmount();
    const db = new Dexie(catalogueDbName(outletId));
    await db.open();
    expect(await db.table('chunks').count()).toBe(81);
    db.close();

    vi.restoreAllMocks();
    answerSync({ c81: page([], 'c82') });
    const second = await readyCatalogue(outletId);
    const catalogue = second.result.current.catalogue!;
    expect((await catalogue.findByCode('5449000131805'))?.variant.price).toBe(230);
    expect(titles(await catalogue.productsInCategory(null))).toEqual(['Cola Zero 330 ml', 'Linen Shirt']);
    second.unmount();
    await db.open();
    // Two products left: one piece holds them all again.
    await waitFor(async () => expect(await db.table('chunks').count()).toBe(1));
    db.close();
  });

  it('goes on with a first copy that stopped half way, keeping the products it had', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation((_url, config) =>
      (config?.params as { since?: string }).since ? Promise.reject(networkError()) : Promise.resolve({ data: { data: page([shirt, apron], 'c1', { hasMore: true, total: 4 }) } }),
    );
    const outletId = newOutlet();
    const first = renderHook(() => useLocalCatalogue(outletId));
    await waitFor(() => expect(first.result.current.status).toBe('error'));
    expect(first.result.current.error).toBe('The product list could not be updated. The server cannot be reached. Check the connection and try again.');
    first.unmount();
    get.mockRestore();

    const next = answerSync({ c1: page([cola, shorts], 'c2') });
    const { result } = await readyCatalogue(outletId);
    expect(next.mock.calls.map(([, config]) => config?.params)).toEqual([{ outletId, limit: 2000, since: 'c1' }]);
    expect(titles(await result.current.catalogue!.productsInCategory(null))).toEqual(['Cola Zero 330 ml', 'Linen Shirt', 'Shirt and Shorts Set']);
  });

  it('makes the copy again when it was stored one product per row, as before the pieces', async () => {
    const outletId = newOutlet();
    const before = new Dexie(catalogueDbName(outletId));
    before.version(1).stores({ products: 'id, sortTitle, *words, *codes, *categoryIds, *variantIds, generation', taxes: 'id', charges: 'id', categories: 'id', meta: 'key' });
    await before.table('meta').put({ key: 'sync', cursor: 'old', complete: true, copying: false, generation: 0, lastSyncedAt: null });
    before.close();
    const get = answerSync(fullCopy);
    const { result } = await readyCatalogue(outletId);
    expect(get.mock.calls[0]?.[1]?.params).toEqual({ outletId, limit: 2000 });
    expect(titles(await result.current.catalogue!.productsInCategory(10))).toEqual(['Linen Shirt', 'Shirt and Shorts Set']);
  });

  it('waits for an outlet', () => {
    const get = vi.spyOn(http, 'get');
    const { result } = renderHook(() => useLocalCatalogue(null));
    expect(result.current).toMatchObject({ status: 'loading', catalogue: null, received: 0 });
    expect(get).not.toHaveBeenCalled();
  });
});
