import { defaultShopSettings, type SyncProduct } from '@tillbook/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import type { LocalCatalogue, LocalCatalogueState } from './local-catalogue-types.ts';
import { ProductFinder } from './product-finder.tsx';

const tea: SyncProduct = {
  id: 1,
  title: 'Green Tea',
  status: 'active',
  trackStock: false,
  categoryIds: [],
  taxIds: [],
  chargeIds: [],
  imageUrl: null,
  variants: [{ id: 11, name: '', sku: 'TEA', barcode: null, price: 450, active: true, optionIds: [], stock: null, lowStockThreshold: null }],
};

const catalogue: LocalCatalogue = {
  search: async () => [tea],
  findByCode: async () => null,
  findByVariant: async () => null,
  productsInCategory: async () => [tea],
  categories: async () => [{ id: 3, name: 'Drinks', parentId: null, colour: null, position: 0 }],
  saleItemOf: () => {
    throw new Error('not used');
  },
};

function finder(state: Omit<LocalCatalogueState, 'refresh'>) {
  renderScreen(<ProductFinder state={{ ...state, refresh: () => {} }} onTyped={() => {}} onEnter={() => {}} onChoose={() => {}} searchRef={null} handle={null} />);
}

beforeEach(() => {
  // Prices are formatted in the shop's currency.
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })));
});

describe('the product finder while the catalogue copy loads', () => {
  it('shows the products already in, under a bar that says how far the copy is', async () => {
    finder({ catalogue, status: 'loading', received: 120_000, total: 300_000, error: null, lastSyncedAt: null });
    const bar = screen.getByRole('progressbar', { name: 'Loading the catalogue… 120,000 of 300,000 products' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(await screen.findByRole('button', { name: /Green Tea/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Drinks' })).toBeTruthy();
  });

  it('shows only the bar before the first products are in', async () => {
    finder({ catalogue: null, status: 'loading', received: 0, total: null, error: null, lastSyncedAt: null });
    expect(screen.getByRole('progressbar', { name: 'Loading the catalogue…' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it('has no bar once the copy is whole', async () => {
    finder({ catalogue, status: 'ready', received: 300_000, total: null, error: null, lastSyncedAt: new Date() });
    expect(await screen.findByRole('button', { name: /Green Tea/ })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
