import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, signIn } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { TaxListPage } from './tax-list-page.tsx';
import { buildTax } from './tax.fixtures.ts';

const taxes = [buildTax({ id: 1, name: 'Sales tax', rate: '7.5', rateE4: 75_000, productCount: 0 }), buildTax({ id: 2, name: 'VAT', rate: '20', rateE4: 200_000, isInclusive: true, active: false, productCount: 1_250 })];

function renderList() {
  server.use(rest.get('/api/taxes', () => HttpResponse.json(pageOf(taxes))));
  return renderScreen(<TaxListPage />, { path: '/taxes' });
}

describe('TaxListPage', () => {
  it('shows each tax with its name linking to its form, its products and its status', async () => {
    signIn(administrator);
    renderList();

    const vat = (await screen.findByRole('link', { name: 'VAT' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'VAT' }).getAttribute('href')).toBe('/taxes/2/edit');
    expect(within(vat).getByText('1,250')).toBeTruthy();
    expect(within(vat).getByText('Inactive')).toBeTruthy();
    const sales = screen.getByRole('link', { name: 'Sales tax' }).closest('tr') as HTMLElement;
    expect(within(sales).getByText('None')).toBeTruthy();
    expect(within(sales).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getByRole('option', { name: 'All statuses' })).toBeTruthy();
  });

  it('deactivates the selected taxes and says how many', async () => {
    signIn(administrator);
    server.use(rest.post('/api/taxes/update', () => HttpResponse.json({ data: { affected: 2 } })));
    const sent = recordRequests();
    const { user } = renderList();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Deactivated: 2 taxes.')).toBeTruthy();
    expect(sent.find('POST', '/api/taxes/update')?.body).toEqual({ ids: [1, 2], action: 'deactivate' });
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });
});
