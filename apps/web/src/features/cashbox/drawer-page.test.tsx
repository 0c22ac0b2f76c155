import { defaultShopSettings, type CashboxReport, type CashboxSession, type CashboxStatus } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { DrawerPage } from './drawer-page.tsx';
import { closedStatus, openStatus, report, session } from './drawer.fixtures.ts';
import { SessionReportPage } from './session-report-page.tsx';

/** What the server holds now; a close changes both as the server would. */
let currentStatus: CashboxStatus;
let currentReport: CashboxReport;

/** The drawer screen of register 1 as a cashier sees it; `sent` records what reached the server. */
function renderDrawer(status: CashboxStatus, running: CashboxReport = report(), recent: CashboxSession[] = [], settings = defaultShopSettings) {
  currentStatus = status;
  currentReport = running;
  const sent = recordRequests();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: settings })),
    rest.get('/api/cashbox/status', () => HttpResponse.json({ data: currentStatus })),
    rest.get('/api/cashbox/main-till-1/movements', () => HttpResponse.json({ data: [] })),
    rest.get('/api/cashbox', () => HttpResponse.json(pageOf(recent, { perPage: 5 }))),
    rest.get(`/api/cashbox/${session.id}/report`, () => HttpResponse.json({ data: currentReport })),
  );
  const { router } = renderScreen(<DrawerPage />, {
    path: '/registers/1/drawer',
    pattern: '/registers/:id/drawer',
    routes: [{ path: '/registers/:id/drawer/sessions/:sessionId', element: <SessionReportPage /> }],
    signedInAs: cashier,
  });
  return { router, sent };
}

/** The body sent with `POST path`, once read. */
async function postedTo(sent: ReturnType<typeof recordRequests>, path: string) {
  await waitFor(() => expect(sent.find('POST', path)?.body).toBeDefined());
  return sent.find('POST', path)?.body;
}

describe('DrawerPage', () => {
  it('opens the drawer with a float counted note by note, sending the counts and their total', async () => {
    const { sent } = renderDrawer(closedStatus);
    server.use(rest.post('/api/cashbox/status', () => HttpResponse.json({ data: openStatus })));
    await userEvent.type(await screen.findByLabelText('Count of $100.00'), '1');
    await userEvent.type(screen.getByLabelText('Count of $20.00'), '2');
    await userEvent.type(screen.getByLabelText('Count of $1.00'), '3');
    expect(screen.getByText('$143.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open drawer' }));
    expect(await postedTo(sent, '/api/cashbox/status')).toEqual({
      registerId: 1,
      float: { amount: 14300, denominations: [{ value: 10000, count: 1 }, { value: 2000, count: 2 }, { value: 100, count: 3 }] },
      note: null,
    });
  });

  it('keeps what was typed and shows the server’s message when the drawer cannot be opened', async () => {
    renderDrawer(closedStatus);
    server.use(
      rest.post('/api/cashbox/status', () =>
        invalid(
          { registerId: ['You already have the drawer of Till 2 open. Close it before opening another.'] },
          'You already have the drawer of Till 2 open. Close it before opening another.',
        ),
      ),
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Type the total' }));
    await userEvent.type(screen.getByLabelText('Opening float: total'), '150.00');
    await userEvent.click(screen.getByRole('button', { name: 'Open drawer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already have the drawer of Till 2 open. Close it before opening another.');
    expect((screen.getByLabelText('Opening float: total') as HTMLInputElement).value).toBe('150.00');
  });

  it('closes with a count per tender, shows the live over/short, then the Z report with the variance', async () => {
    const { router, sent } = renderDrawer(openStatus);
    expect(await screen.findByText('$157.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe('/registers/1/sell');
    await userEvent.click(screen.getByRole('button', { name: 'Close drawer' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Type the total' }));
    await userEvent.type(screen.getByLabelText('Cash in the drawer: total'), '156.00');
    await userEvent.type(screen.getByLabelText('Card total'), '40.00');
    const cashRow = screen.getByRole('row', { name: /^Cash/ });
    expect(within(cashRow).getByText('Short −$1.00')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /^Card/ })).getByText('Exact')).toBeTruthy();

    const closed = report({
      session: { ...session, status: 'closed', closedByName: 'Carl Cash', closedAt: '2026-11-22T17:00:00.000Z', difference: -100 },
      reconciliation: [
        { tender: 'cash', expected: 15700, counted: 15600, difference: -100 },
        { tender: 'card', expected: 4000, counted: 4000, difference: 0 },
        { tender: 'other', expected: 0, counted: 0, difference: 0 },
      ],
    });
    server.use(
      rest.post('/api/cashbox/main-till-1/close', () => {
        currentStatus = closedStatus;
        currentReport = closed;
        return HttpResponse.json({ data: closed });
      }),
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Close drawer' })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Close and see the report' }));
    expect(await postedTo(sent, '/api/cashbox/main-till-1/close')).toEqual({
      counts: { cash: { amount: 15600, denominations: null }, card: { amount: 4000 }, other: { amount: 0 } },
      note: null,
    });
    expect(await screen.findByRole('heading', { name: 'End-of-shift report (Z)' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registers/1/drawer/sessions/5');
    const shortCell = screen.getByText('Short −$1.00');
    expect(shortCell.className).toContain('text-red-700');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    // VAT inside the prices is in the total but was not added to it.
    expect(within(screen.getByRole('row', { name: /Taxes added/ })).getByText('$0.00')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Taxes in the total/ })).getByText('$4.00')).toBeTruthy();
  });

  it('asks for a manager when the count is off by more than the cashier may close with, then closes with the approval', async () => {
    const { sent } = renderDrawer(openStatus);
    await screen.findByText('$157.00');
    await userEvent.click(screen.getByRole('button', { name: 'Close drawer' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Type the total' }));
    await userEvent.type(screen.getByLabelText('Cash in the drawer: total'), '150.00');
    await userEvent.type(screen.getByLabelText('Card total'), '40.00');
    const closed = report({ session: { ...session, status: 'closed', closedByName: 'Carl Cash', closedAt: '2026-11-22T17:00:00.000Z', difference: -700 }, approvedBy: 'Maria Manager' });
    const reason = 'The cash count differs from what the drawer should hold by -$7.00, more than the $5.00 a cashier may close with. A manager must approve the close.';
    let tries = 0;
    server.use(
      rest.get('/api/approvals/approvers', () => HttpResponse.json({ data: [{ id: 9, name: 'Maria Manager', hasPin: true }] })),
      rest.post('/api/cashbox/main-till-1/close', async ({ request }) => {
        tries += 1;
        const body = (await request.json()) as { approval?: { pin: string } };
        if (!body.approval) return invalid({ approval: [reason] });
        if (body.approval.pin !== '4321') return invalid({ 'approval.pin': ['The PIN does not match.'] });
        currentStatus = closedStatus;
        currentReport = closed;
        return HttpResponse.json({ data: closed });
      }),
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Close drawer' })[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Close and see the report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(within(dialog).getByText(reason)).toBeTruthy();
    await userEvent.type(await within(dialog).findByLabelText('Their PIN'), '1111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('The PIN does not match.')).toBeTruthy();
    expect((screen.getByLabelText('Cash in the drawer: total') as HTMLInputElement).value).toBe('150.00');
    await userEvent.clear(within(dialog).getByLabelText('Their PIN'));
    await userEvent.type(within(dialog).getByLabelText('Their PIN'), '4321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'End-of-shift report (Z)' })).toBeTruthy();
    expect(screen.getByText('Approved by Maria Manager')).toBeTruthy();
    expect(tries).toBe(3);
    const last = sent.all.filter((r) => r.method === 'POST' && r.path === '/api/cashbox/main-till-1/close').at(-1);
    expect(last?.body).toEqual({
      counts: { cash: { amount: 15000, denominations: null }, card: { amount: 4000 }, other: { amount: 0 } },
      note: null,
      approval: { approverId: 9, pin: '4321' },
    });
  });

  it('hides the expected figures from a cashier when the shop closes blind', async () => {
    const { sent } = renderDrawer({ ...openStatus, isBlindClose: true, session: { ...session, expectedCash: null } }, report({ reconciliation: null }));
    expect(await screen.findByText('Shown after the count (blind close)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close drawer' }));
    expect(await screen.findByText(/Blind close: count what is in the drawer/)).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Expected' })).toBeNull();
    expect(screen.queryByText('$157.00')).toBeNull();
    expect(sent.all.some((r) => r.method === 'GET' && r.path.endsWith('/report'))).toBe(false);
  });

  it('tells a cashier who does not hold the open drawer who does, without the cash and close forms', async () => {
    renderDrawer({ ...openStatus, session: { ...session, openedById: 99, openedByName: 'Sam Carter' } });
    expect(await screen.findByText(/Sam Carter holds this drawer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close drawer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sell' })).toBeTruthy();
  });

  it('lists the register’s recent shifts with their over/short and a link to each Z report', async () => {
    const past = { ...session, id: 4, status: 'closed' as const, closedByName: 'Carl Cash', closedAt: '2026-11-21T17:00:00.000Z', difference: -100 };
    const { sent } = renderDrawer(closedStatus, report(), [past]);
    const row = (await screen.findByText('Short −$1.00')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Z report' }).getAttribute('href')).toBe('/registers/1/drawer/sessions/4');
    expect(Object.fromEntries(sent.find('GET', '/api/cashbox')?.search ?? [])).toEqual({ registerId: '1', open: '0', perPage: '5', sort: '-openedAt' });
  });

  it('shows on the Z report the VAT sold, refunded in the shift and net, and the takings net of refunds', async () => {
    const withRefund = report({
      refunds: { count: 1, total: 1200, taxTotal: 200 },
      net: { total: 4500, taxTotal: 200 },
      taxes: [{ name: 'VAT', rateE4: 200_000, isInclusive: true, base: 2000, amount: 400, refundedBase: 1000, refundedAmount: 200, netBase: 1000, netAmount: 200 }],
    });
    const { router } = renderDrawer(openStatus, withRefund);
    await screen.findByText('$157.00');
    await router.navigate('/registers/1/drawer/sessions/5');
    const taxes = await screen.findByRole('table', { name: 'Taxes sold, refunded and net' });
    const vat = within(taxes).getByRole('row', { name: /^VAT/ });
    expect(within(vat).getAllByRole('cell').map((c) => c.textContent)).toEqual(['20%', '$20.00', '$4.00', '-$10.00', '-$2.00', '$10.00', '$2.00']);
    expect(within(screen.getByRole('row', { name: /Net of refunds/ })).getByText('$45.00')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Net taxes/ })).getByText('$2.00')).toBeTruthy();
  });

  it('shows on the Z report the gift cards sold and paid with apart from the sales, and what refunds put back onto cards', async () => {
    const { router } = renderDrawer(openStatus, report({ giftCards: { sold: 2500, paid: 1000, refunded: 400 } }));
    await screen.findByText('$157.00');
    await router.navigate('/registers/1/drawer/sessions/5');
    const sales = await screen.findByRole('table', { name: 'Sales totals' });
    expect(within(within(sales).getByRole('row', { name: /Gift cards sold/ })).getByText('$25.00')).toBeTruthy();
    expect(within(within(sales).getByRole('row', { name: /Paid with gift cards/ })).getByText('$10.00')).toBeTruthy();
    expect(within(within(sales).getByRole('row', { name: /Put back onto gift cards/ })).getByText('-$4.00')).toBeTruthy();
  });

  it('dates the Z report on the shop’s clock: a shift opened at 04:30Z in a New York shop opened at 23:30 the day before', async () => {
    const late = { ...session, openedAt: '2026-11-22T04:30:00.000Z', status: 'closed' as const, closedByName: 'Carl Cash', closedAt: '2026-11-22T13:05:00.000Z' };
    const { router } = renderDrawer(closedStatus, report({ session: late }), [], { ...defaultShopSettings, locale: 'en-GB', timeZone: 'America/New_York' });
    await router.navigate('/registers/1/drawer/sessions/5');
    expect(await screen.findByText(/21 Nov 2026, 23:30 by Carl Cash/)).toBeTruthy();
    expect(screen.getByText('22 Nov 2026, 08:05 by Carl Cash')).toBeTruthy();
  });
});
