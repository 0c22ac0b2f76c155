import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { buildListItem, mockOrderGets, orderPageOf } from '../../testing/orders.fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { OrderListPage } from './order-list-page.tsx';

const page = orderPageOf(
  [buildListItem(), buildListItem({ id: 42, number: 'MAIN-000042' }), buildListItem({ id: 43, number: 'MAIN-000043' })],
  { count: 3, total: 18_360, taxTotal: 2700, discountTotal: 0, refunded: { count: 0, total: 0, taxTotal: 0 }, netOfRefunds: { total: 18_360, taxTotal: 2700 } },
);

function renderList() {
  renderScreen(<OrderListPage />, { path: '/orders' });
}

async function selectRows(...numbers: string[]) {
  for (const number of numbers) {
    const row = (await screen.findByRole('link', { name: number })).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Select row' }));
  }
}

describe('OrderBulkBar', () => {
  it('tags the selected orders, says so and refreshes the list', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders': page });
    server.use(rest.post('/api/orders/update', () => HttpResponse.json({ data: { affected: 2 } })));
    renderList();
    await selectRows('MAIN-000041', 'MAIN-000043');
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();

    await userEvent.click(within(bar).getByRole('button', { name: 'Tag…' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tag' }), 'online');
    const listCalls = sent.filter('GET', '/api/orders').length;
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));

    expect(await screen.findByText('Tagged 2 orders.')).toBeTruthy();
    expect(sent.find('POST', '/api/orders/update')?.body).toEqual({ ids: [41, 43], action: 'tag', values: { tags: ['online'] } });
    await waitFor(() => expect(sent.filter('GET', '/api/orders').length).toBeGreaterThan(listCalls));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('removes a tag and keeps the server’s refusal in the dialog', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders': page });
    server.use(rest.post('/api/orders/update', () => invalid({ 'values.tags': ['Give at least one tag.'] }, 'Give at least one tag.')));
    renderList();
    await selectRows('MAIN-000042');
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag' }));

    expect(await screen.findByText('Give at least one tag.')).toBeTruthy();
    expect(sent.find('POST', '/api/orders/update')?.body).toEqual({ ids: [42], action: 'untag', values: { tags: [] } });
    expect(screen.getByRole('textbox', { name: 'Tag' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('exports exactly the selected orders, and clears the selection', async () => {
    signIn(administrator);
    mockOrderGets({ '/api/orders': page });
    renderList();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export selected' }).getAttribute('href')).toBe('/api/orders/export?ids=41,42,43');

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('gives a cashier no checkboxes', async () => {
    signIn(cashier);
    mockOrderGets({ '/api/orders': page });
    renderList();
    await screen.findByRole('link', { name: 'MAIN-000041' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
