import { defaultShopSettings, type ProductListItem } from '@tillbook/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, rest, server } from '../../testing/server.ts';
import { ProductListPage } from './product-list-page.tsx';

function productOf(id: number, title: string, imageUrl: string | null): ProductListItem {
  return {
    id,
    title,
    sku: `SKU-${id}`,
    barcode: null,
    variantCount: 1,
    categories: [],
    stock: 3,
    stockStatus: 'in',
    price: 199,
    priceMax: 199,
    cost: 80,
    status: 'active',
    imageUrl,
    updatedAt: '2025-01-01T00:00:00.000Z',
  } as ProductListItem;
}

describe('ProductListPage', () => {
  it('shows each product’s thumbnail, not the full-size upload, at list size', async () => {
    server.use(
      rest.get('/api/products', () => HttpResponse.json(pageOf([productOf(1, 'Green tea', '/media/abc-123.png'), productOf(2, 'Black tea', null)]))),
      rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
      rest.get('/api/categories/list', () => HttpResponse.json({ data: [] })),
      rest.get('/api/outlets/list', () => HttpResponse.json({ data: [] })),
    );
    renderScreen(<ProductListPage />, { path: '/products' });
    const row = (await screen.findByRole('link', { name: 'Green tea' })).closest('tr') as HTMLElement;
    const image = row.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/abc-123.thumb.webp');
    expect(image.getAttribute('loading')).toBe('lazy');
    const withoutImage = (await screen.findByRole('link', { name: 'Black tea' })).closest('tr') as HTMLElement;
    expect(withoutImage.querySelector('img')).toBeNull();
  });
});
