import type { SyncProduct } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from './catalogue-index.ts';
import { syncProduct, syncVariant } from './sync-product.fixtures.ts';

const FLAVOURS = ['Apple', 'Cherry', 'Lemon', 'Mango', 'Peach', 'Plum', 'Quince', 'Vanilla'];

/** A product of a large catalogue: every title has "Juice", one in eight "Organic". */
function product(id: number): SyncProduct {
  const title = `${FLAVOURS[(id * 7) % FLAVOURS.length]} ${id % 8 === 0 ? 'Organic ' : ''}Juice ${(id * 7919) % 100_003}`;
  return syncProduct(id, title, { variants: [syncVariant(id * 10, { sku: `JU-${id}`, barcode: String(4_000_000_000_000 + id) })] });
}

/** The products put in as a copy comes, a piece of 2,000 at a time. */
function indexOf(products: SyncProduct[]): CatalogueIndex {
  const index = new CatalogueIndex();
  for (let i = 0; i < products.length; i += 2000) {
    for (const p of products.slice(i, i + 2000)) index.put(p, 1);
    index.settle();
  }
  return index;
}

const titles = (products: SyncProduct[]) => products.map((p) => p.title);
const inOrder = (products: SyncProduct[]) =>
  [...products].sort((a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title.toLowerCase() > b.title.toLowerCase() ? 1 : a.id - b.id));

describe('CatalogueIndex: a large copy put in order a slice at a time', () => {
  const products = Array.from({ length: 70_000 }, (_, i) => product(i + 1));

  it('lists and finds in title order before, while and after it is prepared, a change made half way included', () => {
    const index = indexOf(products);
    const expected = inOrder(products);
    // Before: the titles are in several runs (the long merges wait for preparing).
    expect(titles(index.inTitleOrder(30))).toEqual(titles(expected.slice(0, 30)));
    expect(titles(index.matching(['organic'], 25))).toEqual(titles(expected.filter((p) => p.title.includes('Organic')).slice(0, 25)));

    // Prepared in slices far shorter than a step: each call still moves it on.
    let slices = 0;
    let changed: SyncProduct | null = null;
    while (!index.prepare(0)) {
      slices += 1;
      if (slices === 40) {
        // Half way, a price change renames one product to the front of the list.
        changed = { ...products[12_345]!, title: 'Aaa Organic Juice' };
        index.put(changed, 1);
        expect(index.matching(['organic', 'juice'], 1)[0]?.title).toBe('Aaa Organic Juice');
      }
    }
    expect(slices).toBeGreaterThan(40);

    const after = inOrder(products.map((p) => (p.id === changed!.id ? changed! : p)));
    expect(titles(index.inTitleOrder(30))).toEqual(titles(after.slice(0, 30)));
    expect(titles(index.matching(['organic'], 25))).toEqual(titles(after.filter((p) => p.title.includes('Organic')).slice(0, 25)));
    expect(titles(index.matching(['juice', 'mango'], 25))).toEqual(titles(after.filter((p) => p.title.startsWith('Mango')).slice(0, 25)));
    expect(titles(index.titleStartsWith('quince organic', 5))).toEqual(titles(after.filter((p) => p.title.startsWith('Quince Organic')).slice(0, 5)));
    expect(index.findByCode('4000000060001')?.product.id).toBe(60_001);
  });

  it('gives the same answers prepared as a copy searched without preparing', () => {
    const prepared = indexOf(products);
    while (!prepared.prepare(5));
    const unprepared = indexOf(products);
    for (const tokens of [['juice'], ['organic'], ['plum', 'organic'], ['ju-1'], ['cherry', 'juice', '5']]) {
      expect(titles(prepared.matching(tokens, 25))).toEqual(titles(unprepared.matching(tokens, 25)));
    }
  });
});
