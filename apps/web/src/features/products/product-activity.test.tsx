import { defaultShopSettings, type StockLedgerEntry } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, rest, server } from '../../testing/server.ts';
import { ProductActivity } from './product-activity.tsx';

const received: StockLedgerEntry = {
  id: 9,
  createdAt: '2026-11-26T10:00:00.000Z',
  outletId: 1,
  outletName: 'Main store',
  variantId: 51,
  productId: 5,
  productTitle: 'Cola 330ml',
  variantName: '',
  sku: 'SKU-000005',
  delta: 24,
  quantityAfter: 30,
  unitCost: 55,
  reason: 'received',
  note: null,
  userId: 1,
  userName: 'Alex Admin',
  document: { type: 'goods_order', id: 42, label: 'PO-000042', path: '/goods-orders/42/edit' },
};

describe('a product’s stock movements', () => {
  it('lists the product’s ledger with the reason in words and a link to each document', async () => {
    const asked: string[] = [];
    server.use(
      rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
      rest.get('/api/products/5/history', () => HttpResponse.json(pageOf([]))),
      rest.get('/api/stock-movements', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('productId') ?? '');
        return HttpResponse.json(pageOf([received, { ...received, id: 8, delta: -2, quantityAfter: 6, reason: 'sale', document: null, userName: null }]));
      }),
    );
    const { user } = renderScreen(<ProductActivity productId={5} />);
    await user.click(screen.getByRole('tab', { name: 'Stock movements' }));
    const table = await screen.findByRole('table', { name: 'Stock movements' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Goods received')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'PO-000042' }).getAttribute('href')).toBe('/goods-orders/42/edit');
    expect(within(first!).getByText('Alex Admin')).toBeTruthy();
    expect(within(second!).getByText('Sale')).toBeTruthy();
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(asked).toEqual(['5']);
  });
});
