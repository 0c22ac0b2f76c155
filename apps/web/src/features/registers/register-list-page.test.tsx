import { defaultShopSettings, type RegisterListItem } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { RegisterListPage } from './register-list-page.tsx';

const row: RegisterListItem = {
  id: 1,
  name: 'Till 1',
  slug: 'main-till-1',
  outletId: 1,
  receiptTemplateId: 1,
  active: true,
  createdAt: '',
  updatedAt: '',
  outletName: 'Main store',
  receiptTemplateName: 'Standard 80 mm',
  drawer: null,
};

function renderList(rows: RegisterListItem[], signedInAs = administrator, path = '/registers') {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/registers', () => HttpResponse.json(pageOf(rows))),
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Main store' }] })),
  );
  return renderScreen(<RegisterListPage />, { path, signedInAs });
}

describe('RegisterListPage', () => {
  it('lets an administrator add, edit and delete registers', async () => {
    renderList([row]);
    expect(await screen.findByRole('link', { name: 'Till 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Till 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Till 1' })).toBeTruthy();
    expect(screen.getByLabelText('Outlet')).toBeTruthy();
  });

  it('passes the template filter from the receipts list to the API', async () => {
    const sent = recordRequests();
    renderList([row], administrator, '/registers?receiptTemplateId=4');
    await screen.findByRole('link', { name: 'Till 1' });
    expect(sent.find('GET', '/api/registers')?.search.get('receiptTemplateId')).toBe('4');
    expect(screen.getByRole('button', { name: 'Printing with one template · show all' })).toBeTruthy();
  });

  it('shows a cashier their outlet’s registers with no Add New, edit or delete', async () => {
    renderList([row], cashier);
    expect(await screen.findByText('Till 1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Till 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByLabelText('Outlet')).toBeNull();
  });

  it('tells a cashier whose outlet has no registers what to do', async () => {
    renderList([], cashier);
    expect(await screen.findByText(/Your outlet has no active registers/)).toBeTruthy();
  });

  it('shows each drawer’s state with Open drawer, or Sell and Drawer while it is open, to a cashier', async () => {
    const open = { ...row, id: 2, name: 'Till 2', slug: 'main-till-2', drawer: { isOpen: true as const, sessionId: 7, openedByName: 'Sam Carter', openedAt: '2026-11-22T09:02:00.000Z' } };
    renderList([row, open], cashier);
    const closedRow = (await screen.findByText('Till 1')).closest('tr')!;
    expect(within(closedRow).getByText('Closed')).toBeTruthy();
    expect(within(closedRow).getByRole('link', { name: 'Open drawer' }).getAttribute('href')).toBe('/registers/1/drawer');
    expect(within(closedRow).queryByRole('link', { name: 'Sell' })).toBeNull();
    const openRow = screen.getByText('Till 2').closest('tr')!;
    expect(within(openRow).getByText(/Sam Carter since/)).toBeTruthy();
    expect(within(openRow).getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe('/registers/2/sell');
    expect(within(openRow).getByRole('link', { name: 'Drawer' }).getAttribute('href')).toBe('/registers/2/drawer');
  });

  it('offers no drawer on an inactive register to an administrator', async () => {
    renderList([{ ...row, active: false }]);
    await screen.findByRole('link', { name: 'Till 1' });
    expect(screen.queryByRole('link', { name: 'Open drawer' })).toBeNull();
  });
});
