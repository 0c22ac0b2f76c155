import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { administrator, signIn } from '../../testing/fixtures.ts';
import { OrderDetailPage } from './order-detail-page.tsx';
import { buildOrder, mockOrderGets } from '../../testing/orders.fixtures.ts';

function renderDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/orders/:id', Component: OrderDetailPage }], { initialEntries: ['/orders/41'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const rowOf = (table: string, text: string) => within(screen.getByRole('table', { name: table })).getByText(text).closest('tr') as HTMLElement;
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('OrderDetailPage', () => {
  it('shows the lines with their taxes, the totals per tax and the payments', async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders/41': { data: buildOrder() } });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order MAIN-000041' })).toBeTruthy();
    expect(screen.getByText('Main store · Till 1 · Carl Cash')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/customers/7/edit');

    expect(cellsOf(rowOf('Items', 'Linen shirt'))).toEqual(['Linen shirt · M / BlueVAT 20', 'SHIRT-M-BLUE', '2', '$25.00', '−$5.00', '—', '$9.00', '$54.00']);
    expect(cellsOf(rowOf('Items', 'Mug'))).toEqual(['Mug', 'MUG-1', '1', '$8.00', '−$0.80', '—', '$0.00', '$7.20']);

    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(totals.getByText('TEN-OFF', { exact: false })).toBeTruthy();
    expect(totals.getByText('VAT 20').nextSibling?.textContent).toBe('$9.00');
    expect(totals.getByText('Total').nextSibling?.textContent).toBe('$61.20');
    expect(totals.getByText('Change').nextSibling?.textContent).toBe('$0.80');

    expect(cellsOf(rowOf('Payments', 'Cash'))).toEqual(['Cash', '$20.00', '$20.80', '$0.80', '']);
    expect(cellsOf(rowOf('Payments', 'Card'))).toEqual(['Card', '$41.20', '$41.20', '—', 'AUTH-42']);
    expect(cellsOf(rowOf('Stock movements', 'SHIRT-M-BLUE'))).toEqual(['Linen shirt · M / Blue', 'SHIRT-M-BLUE', 'Sale', '-2', '8']);
    expect(screen.getByText('Gift wrap, please')).toBeTruthy();
    // Reprint, PDF and e-mail sit under the receipt copy; an administrator may edit the note, customer and tags.
    expect(within(screen.getByRole('complementary', { name: 'Receipt' })).getByRole('button', { name: 'Reprint receipt' })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: 'Print receipt' })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Edit order' })).toBeTruthy();
  });

  it('shows what its refunds gave back and the net, the sale’s own total unchanged', async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders/41': { data: buildOrder({ status: 'partially_refunded', refunded: { count: 1, total: 2700, taxTotal: 450 } }) } });
    renderDetail();
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Total').nextSibling?.textContent).toBe('$61.20');
    expect(totals.getByText('Refunded (1 refund)').nextSibling?.textContent).toBe('−$27.00');
    expect(totals.getByText('Tax refunded').nextSibling?.textContent).toBe('−$4.50');
    expect(totals.getByText('Net after refunds').nextSibling?.textContent).toBe('$34.20');
    expect(totals.getByText('Net tax').nextSibling?.textContent).toBe('$4.50');
  });

  it('shows what the customer’s store credit paid among the totals and the payments', async () => {
    signIn(administrator);
    const payments = [{ id: 1, tender: 'cash' as const, amount: 4120, tendered: 4200, change: 80, reference: null }];
    mockOrderGets({ '/api/orders/41': { data: buildOrder({ storeCreditPaid: 2000, paid: 4200, payments }) } });
    renderDetail();
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Paid with store credit').nextSibling?.textContent).toBe('$20.00');
    expect(cellsOf(rowOf('Payments', 'Store credit'))).toEqual(['Store credit', '$20.00', '$20.00', '—', '']);
    expect(cellsOf(rowOf('Payments', 'Cash'))).toEqual(['Cash', '$41.20', '$42.00', '$0.80', '']);
  });

  it('shows what goods returned in an exchange paid, with the sale they came from', async () => {
    signIn(administrator);
    const payments = [{ id: 1, tender: 'cash' as const, amount: 1120, tendered: 1200, change: 80, reference: null }];
    const exchange = { refundId: 3, refundNumber: 'MAIN-000007-R1', orderId: 7, orderNumber: 'MAIN-000007' };
    mockOrderGets({ '/api/orders/41': { data: buildOrder({ exchangeCredit: 5000, exchange, paid: 1200, payments }) } });
    renderDetail();
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Paid with returned goods').nextSibling?.textContent).toBe('$50.00');
    expect(cellsOf(rowOf('Payments', 'MAIN-000007-R1'))).toEqual(['Returned goods from MAIN-000007', '$50.00', '$50.00', '—', 'MAIN-000007-R1']);
    expect(screen.getByRole('link', { name: 'MAIN-000007' }).getAttribute('href')).toBe('/orders/7');
  });

  it('shows the gift cards a sale paid with and sold, apart from its total', async () => {
    signIn(administrator);
    const giftCards = [
      { code: '6000111122223333', kind: 'spent' as const, amount: 1500, balanceAfter: 3500, expiresAt: null },
      { code: '6000444455556666', kind: 'sold' as const, amount: 2500, balanceAfter: 2500, expiresAt: null },
    ];
    const payments = [{ id: 1, tender: 'cash' as const, amount: 7120, tendered: 7200, change: 80, reference: null }];
    mockOrderGets({ '/api/orders/41': { data: buildOrder({ giftCardsPaid: 1500, giftCardsSold: 2500, giftCards, paid: 7200, payments }) } });
    renderDetail();
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Paid with gift cards').nextSibling?.textContent).toBe('$15.00');
    expect(totals.getByText('Gift cards sold (not in the total)').nextSibling?.textContent).toBe('$25.00');
    expect(cellsOf(rowOf('Payments', 'Gift card •••• 3333'))).toEqual(['Gift card •••• 3333', '$15.00', '$15.00', '—', '$35.00 left']);
    expect(cellsOf(rowOf('Gift cards sold', 'New card'))).toEqual(['6000 4444 5555 6666', 'New card', '$25.00', '$25.00', 'Never expires']);
    expect(screen.getByRole('link', { name: '6000 4444 5555 6666' }).getAttribute('href')).toBe('/gift-cards?search=6000444455556666');
  });

  it('says which administrator approved the cashier’s discount or price change', async () => {
    signIn(administrator);
    const approval = { id: 3, approverName: 'Alex Admin', method: 'pin' as const, createdAt: '2026-11-26T10:00:00.000Z' };
    mockOrderGets({ '/api/orders/41': { data: buildOrder({ approval }) } });
    renderDetail();
    expect(await screen.findByText('The cashier’s discount or price change was approved by Alex Admin with their PIN.')).toBeTruthy();
  });

  it('shows no refund figures on a sale nothing came back from', async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders/41': { data: buildOrder({ refunded: { count: 0, total: 0, taxTotal: 0 } }) } });
    renderDetail();
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.queryByText('Net after refunds')).toBeNull();
  });
});
