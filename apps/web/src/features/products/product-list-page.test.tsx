import { defaultShopSettings, type ProductListItem } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
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

function answer(url: string) {
  if (url === '/api/products') {
    const data = [productOf(1, 'Green tea', '/media/abc-123.png'), productOf(2, 'Black tea', null)];
    return { data: { data, meta: { page: 1, perPage: 25, total: 2, lastPage: 1 } } };
  }
  if (url === '/api/settings') return { data: { data: defaultShopSettings } };
  return { data: { data: [] } };
}

describe('ProductListPage', () => {
  it('shows each product’s thumbnail, not the full-size upload, at list size', async () => {
    vi.spyOn(http, 'get').mockImplementation((url: string) => Promise.resolve(answer(url)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/products', Component: ProductListPage }], { initialEntries: ['/products'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const row = (await screen.findByRole('link', { name: 'Green tea' })).closest('tr') as HTMLElement;
    const image = row.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/abc-123.thumb.webp');
    expect(image.getAttribute('loading')).toBe('lazy');
    const withoutImage = (await screen.findByRole('link', { name: 'Black tea' })).closest('tr') as HTMLElement;
    expect(withoutImage.querySelector('img')).toBeNull();
  });
});
