import { defaultShopSettings, type AuditEntry } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { AuditLogPage } from './audit-log-page.tsx';

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    at: '2026-11-20T09:00:00.000Z',
    userId: 2,
    userName: 'carl',
    outletId: 1,
    outletName: 'Main store',
    registerId: 4,
    registerName: 'Till 1',
    action: 'cashbox.open',
    subjectType: null,
    subjectId: null,
    summary: 'Opened Till 1 with $100.00',
    before: null,
    after: null,
    approvedById: null,
    approvedByName: null,
    ip: '10.0.0.7',
    ...overrides,
  };
}

const rows = [
  entry({
    id: 4,
    at: '2026-11-20T23:30:00.000Z',
    userName: 'ada',
    action: 'product.price',
    summary: 'Price of Mug changed',
    registerId: null,
    registerName: null,
    outletId: null,
    outletName: null,
    before: { price: 450, salePrice: null, trackStock: true, name: 'Mug', tags: ['kitchen'] },
    after: { price: 499, salePrice: 399, trackStock: false, name: 'Big mug', tags: ['kitchen', 'gifts'] },
  }),
  entry({ id: 3, action: 'refund.create', summary: 'Refund MAIN-000012-R1 of $4.50', after: { amount: 450 }, approvedById: 1, approvedByName: 'Ada Approver' }),
  entry({ id: 2, userId: null, userName: 'ghost', action: 'auth.sign_in_failed', summary: 'Failed sign-in as ghost', registerId: null, registerName: null, outletId: null, outletName: null }),
  entry({ id: 1, action: 'gift_card.sell', summary: 'Sold gift card GC-1', registerName: null, outletName: null }),
];

function renderLog(path = '/settings/audit', answer = rows) {
  const sent = recordRequests();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, timeZone: 'Asia/Tokyo' } })),
    rest.get('/api/users', () => HttpResponse.json(pageOf([{ id: 1, name: 'Ada Lovelace' }, { id: 2, name: 'Carl Cash' }]))),
    rest.get('/api/registers', () => HttpResponse.json(pageOf([{ id: 4, name: 'Till 1', outletId: 1, outletName: 'Main store' }, { id: 5, name: 'Harbour till', outletId: 2, outletName: 'Harbour Road' }]))),
    rest.get('/api/audit', () => HttpResponse.json(pageOf(answer))),
  );
  const view = renderScreen(<AuditLogPage />, { path });
  return { ...view, sent, lastQuery: () => Object.fromEntries(sent.filter('GET', '/api/audit').at(-1)?.search ?? []) };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('AuditLogPage', () => {
  it('shows when, who, where, what, before → after and who approved each entry', async () => {
    renderLog();
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    await screen.findByText('Refund MAIN-000012-R1 of $4.50');

    const refund = rowOf('Refund MAIN-000012-R1 of $4.50');
    for (const text of ['Refund', 'carl', '10.0.0.7', 'Till 1', 'Main store', 'amount: $4.50', 'Ada Approver']) expect(within(refund).getByText(text)).toBeTruthy();

    // 23:30 UTC is the next morning in the shop's time zone (Tokyo).
    const price = rowOf('Price of Mug changed');
    await waitFor(() => expect(within(price).getByText(/^Nov 21, 2026, 8:30\sAM$/)).toBeTruthy());
    expect(within(price).getByText('Price change')).toBeTruthy();
    // Five changes: two in the row, all of them behind "Show all", closed until asked for.
    const detail = within(price).getByText('Show all 5 changes').closest('details') as HTMLDetailsElement;
    expect(detail.open).toBe(false);
    const inRow = [...(detail.parentElement as HTMLElement).children].filter((child) => child !== detail).map((line) => line.textContent);
    expect(inRow).toEqual(['price: $4.50 → $4.99', 'sale price: — → $3.99']);
    expect(within(detail).getAllByRole('listitem', { hidden: true }).map((item) => item.textContent)).toEqual([
      'price: $4.50 → $4.99',
      'sale price: — → $3.99',
      'track stock: yes → no',
      'name: Mug → Big mug',
      'tags: kitchen → kitchen, gifts',
    ]);

    const failed = rowOf('Failed sign-in as ghost');
    expect(within(failed).getByText('Failed sign-in')).toBeTruthy();
    expect(within(failed).getByText('ghost')).toBeTruthy();
    // An action the screen does not know shows under its own name; a register since deleted, by its number.
    const sold = rowOf('Sold gift card GC-1');
    expect(within(sold).getByText('gift_card.sell')).toBeTruthy();
    expect(within(sold).getByText('Register #4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/audit/export');
  });

  it('sends the filters from the address, keeps new ones there, and the export follows them', async () => {
    const { user, router, lastQuery } = renderLog('/settings/audit?action=refund&from=2026-11-01');
    await screen.findByText('Refund MAIN-000012-R1 of $4.50');
    expect(lastQuery()).toEqual({ page: '1', perPage: '25', action: 'refund', from: '2026-11-01' });
    const action = screen.getByRole('combobox', { name: 'Action' }) as HTMLSelectElement;
    expect(action.value).toBe('refund');
    expect(action.selectedOptions[0]?.textContent).toBe('Refunds and returns (all)');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Drawer opened');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '25', action: 'cashbox.open', from: '2026-11-01' }));
    await screen.findByRole('option', { name: 'Carl Cash' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'Carl Cash');
    await waitFor(() => expect(lastQuery()).toMatchObject({ userId: '2' }));
    await screen.findByRole('option', { name: 'Harbour till (Harbour Road)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Register' }), 'Harbour till (Harbour Road)');
    await waitFor(() => expect(lastQuery()).toMatchObject({ registerId: '5' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the audit log' }), 'MAIN-12');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'MAIN-12' }));
    expect(router.state.location.search).toContain('registerId=5');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/audit/export?search=MAIN-12&userId=2&action=cashbox.open&registerId=5&from=2026-11-01',
    );
  });

  it('says when nothing matches the filters', async () => {
    renderLog('/settings/audit?action=stock', []);
    expect(await screen.findByText('No audit log entries match these filters.')).toBeTruthy();
  });

  it('says when the log is empty', async () => {
    renderLog('/settings/audit', []);
    expect(await screen.findByText(/Nothing has been recorded yet/)).toBeTruthy();
  });

  it('shows the error and offers to try again when the log cannot be read', async () => {
    let calls = 0;
    const { user } = renderLog();
    server.use(
      rest.get('/api/audit', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'Server error.' }, { status: 500 }) : HttpResponse.json(pageOf(rows));
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Something went wrong/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Refund MAIN-000012-R1 of $4.50')).toBeTruthy();
  });
});
