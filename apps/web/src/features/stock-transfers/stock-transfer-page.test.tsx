import { defaultShopSettings, type StockTransfer } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { StockTransferPage } from './stock-transfer-page.tsx';
import { draft, line, mug, sent, tea } from './stock-transfers.fixtures.ts';

const outlets = [
  { id: 1, name: 'Main store' },
  { id: 2, name: 'Harbour Road' },
];

/** The page at /stock-transfers/{id}/edit (or /new), the shop's settings, outlets and stock answered over msw. */
function renderPage(transfer: StockTransfer | null) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: outlets })),
    rest.get('/api/stock-transfers/on-hand', ({ request }) => {
      const ids = new URL(request.url).searchParams.get('variantIds')!.split(',').map(Number);
      return HttpResponse.json({ data: ids.map((variantId) => ({ variantId, quantity: variantId === mug.variantId ? 20 : 1 })) });
    }),
    rest.get('/api/products/variants', ({ request }) => {
      const code = new URL(request.url).searchParams.get('code');
      return HttpResponse.json({ data: code === mug.barcode ? [mug] : [] });
    }),
  );
  if (transfer) server.use(rest.get(`/api/stock-transfers/${transfer.id}/edit`, () => HttpResponse.json({ data: transfer })));
  const path = transfer ? `/stock-transfers/${transfer.id}/edit` : '/stock-transfers/new';
  return renderScreen(<StockTransferPage />, { path, pattern: transfer ? '/stock-transfers/:id/edit' : path, routes: [{ path: '/stock-transfers', element: <h1>Transfers list</h1> }] });
}

async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

describe('StockTransferPage: a draft', () => {
  it('shows each line with what the source holds, and a scan of a line’s barcode adds one to it', async () => {
    renderPage(draft);
    expect(await screen.findByRole('heading', { name: 'Transfer TR-000007' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('on-hand-51').textContent).toBe('20'));
    expect(screen.getByTestId('on-hand-52').textContent).toBe('1');
    expect(screen.getByRole('columnheader', { name: 'On hand at Main store' })).toBeTruthy();
    // Two teas with one on hand: the form warns before the server refuses.
    expect(screen.getByText('More than the 1 on hand.')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Add a product'), `${mug.barcode}{Enter}`);
    await waitFor(() => expect((screen.getByLabelText('Quantity of Enamel mug') as HTMLInputElement).value).toBe('6'));
    expect(screen.getByRole('status').textContent).toBe('Enamel mug: 6 to send.');
  });

  it('puts a quantity it cannot take on its line without calling the server, and keeps what was typed', async () => {
    const sentRequests = recordRequests();
    renderPage(draft);
    const tea = await screen.findByLabelText('Quantity of Breakfast tea · 50 bags');
    await retype(tea, '0');
    await retype(screen.getByLabelText('Quantity of Enamel mug'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const teaRow = screen.getByTestId('line-52');
    expect(await within(teaRow).findByText('The quantity must be at least 1.')).toBeTruthy();
    expect(within(screen.getByTestId('line-51')).getByText('The quantity must be a whole number.')).toBeTruthy();
    expect(sentRequests.find('PUT', '/api/stock-transfers/7/edit')).toBeUndefined();
    expect((tea as HTMLInputElement).value).toBe('0');
  });

  it('sends the lines with status "sent", and the server’s refusal lands on its line', async () => {
    const sentRequests = recordRequests();
    server.use(rest.put('/api/stock-transfers/7/edit', () => invalid({ 'items.1.quantity': ['Only 1 on hand at Main store: 2 cannot be sent.'] })));
    renderPage(draft);
    await screen.findByLabelText('Quantity of Enamel mug');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(screen.getByTestId('line-52')).findByText('Only 1 on hand at Main store: 2 cannot be sent.')).toBeTruthy();
    expect(sentRequests.find('PUT', '/api/stock-transfers/7/edit')?.body).toEqual({
      fromOutletId: 1,
      toOutletId: 2,
      note: null,
      items: [
        { variantId: 51, quantity: 5 },
        { variantId: 52, quantity: 2 },
      ],
      status: 'sent',
    });
    expect(screen.getByRole('heading', { name: 'Transfer TR-000007' })).toBeTruthy();
  });

  it('refuses the same outlet on both sides of a new transfer, on the destination', async () => {
    const sentRequests = recordRequests();
    renderPage(null);
    expect(await screen.findByText(/No lines yet/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('From outlet'), 'Main store');
    await userEvent.selectOptions(screen.getByLabelText('To outlet'), 'Main store');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The destination must be another outlet than the source.')).toBeTruthy();
    expect(sentRequests.find('POST', '/api/stock-transfers/create')).toBeUndefined();
  });
});

describe('StockTransferPage: in transit and received', () => {
  it('shows the transfer in transit with each line prefilled with what was sent, and the shortfall as it is counted', async () => {
    const sentRequests = recordRequests();
    server.use(rest.post('/api/stock-transfers/7/receive', () => HttpResponse.json({ data: { ...sent, status: 'received' } })));
    renderPage(sent);
    expect(await screen.findByText('In transit')).toBeTruthy();
    const mugCount = screen.getByLabelText('Received of Enamel mug') as HTMLInputElement;
    expect(mugCount.value).toBe('5');
    expect(within(screen.getByTestId('difference-51')).getByText('All arrived')).toBeTruthy();

    await retype(mugCount, '3');
    expect(within(screen.getByTestId('difference-51')).getByText('2 short')).toBeTruthy();
    expect(screen.getByTestId('receive-totals').textContent).toBe('5 units of 7 received · 2 short');

    // The tea's first scan starts its count at 1.
    server.use(rest.get('/api/products/variants', () => HttpResponse.json({ data: [tea] })));
    await userEvent.type(screen.getByLabelText('Scan or find an item'), 'TEA-50{Enter}');
    await waitFor(() => expect((screen.getByLabelText('Received of Breakfast tea · 50 bags') as HTMLInputElement).value).toBe('1'));
    expect(within(screen.getByTestId('difference-52')).getByText('1 short')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(sentRequests.find('POST', '/api/stock-transfers/7/receive')?.body).toBeTruthy());
    expect(sentRequests.find('POST', '/api/stock-transfers/7/receive')?.body).toEqual({
      items: [
        { itemId: 70, quantity: 3 },
        { itemId: 71, quantity: 1 },
      ],
    });
  });

  it('refuses more than was sent on its line before calling the server', async () => {
    const sentRequests = recordRequests();
    renderPage(sent);
    await retype(await screen.findByLabelText('Received of Breakfast tea · 50 bags'), '4');
    expect(within(screen.getByTestId('difference-52')).getByText('2 more than sent')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(await within(screen.getByTestId('line-52')).findByText('Only 2 were sent.')).toBeTruthy();
    expect(sentRequests.find('POST', '/api/stock-transfers/7/receive')).toBeUndefined();
  });

  it('shows a received transfer’s sent, received and short per line', async () => {
    renderPage({
      ...sent,
      status: 'received',
      receivedAt: '2026-11-21T10:00:00.000Z',
      receivedBy: { id: 1, name: 'Ada Lovelace' },
      receivedUnitCount: 5,
      shortValue: 800,
      items: [
        { ...line(70, mug, 5), receivedQuantity: 3, shortQuantity: 2 },
        { ...line(71, tea, 2), receivedQuantity: 2, shortQuantity: 0 },
      ],
    });
    const mugRow = await screen.findByTestId('line-51');
    expect(within(mugRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Enamel mugMUG-1', '5', '3', '2 short', '$4.00']);
    expect(within(screen.getByTestId('line-52')).getAllByRole('cell')[3]!.textContent).toBe('—');
    expect(screen.getByTestId('short-total').textContent).toBe('2 short · $8.00');
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
  });
});
