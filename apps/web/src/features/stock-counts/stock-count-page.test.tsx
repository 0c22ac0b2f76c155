import { defaultShopSettings, type StockCount, type StockCountLine } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { countSheet } from './count.fixtures.ts';
import { StockCountPage } from './stock-count-page.tsx';

const count = countSheet;

function line(overrides: Partial<StockCountLine>): StockCountLine {
  return {
    variantId: 51,
    productId: 5,
    productTitle: 'Cola',
    variantName: '330ml',
    sku: 'COLA-330',
    barcode: '4006381333931',
    expected: 12,
    movedBeforeCount: 0,
    counted: null,
    variance: null,
    varianceValue: null,
    unitCost: 60,
    countedByName: null,
    countedAt: null,
    ...overrides,
  };
}

const cola = line({ counted: 15, variance: 3, varianceValue: 180 });
const crisps = line({ variantId: 61, productId: 6, productTitle: 'Crisps', variantName: '', sku: 'CRISPS', barcode: null, expected: 7, movedBeforeCount: -2, counted: 3, variance: -2, varianceValue: -90, unitCost: 45 });
const water = line({ variantId: 71, productId: 7, productTitle: 'Water', variantName: '', sku: 'WATER', barcode: null, expected: 4, unitCost: 20 });

function renderSheet(sheet: StockCount = count, lines: StockCountLine[] = [cola, crisps, water]) {
  const sent = recordRequests();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/stock-counts/42/edit', () => HttpResponse.json({ data: sheet })),
    rest.get('/api/stock-counts/42/lines', () => HttpResponse.json(pageOf(lines, { perPage: 50 }))),
    rest.get('/api/products', () => HttpResponse.json(pageOf([], { perPage: 10 }))),
  );
  const view = renderScreen(<StockCountPage />, { path: '/stock-counts/42', pattern: '/stock-counts/:id' });
  return { ...view, sent };
}

describe('StockCountPage', () => {
  it('shows the review in units and in value at cost, and each line with what it expected, what moved and what was counted', async () => {
    renderSheet();
    expect(await screen.findByRole('heading', { name: 'Stock count SC-000042' })).toBeTruthy();
    expect(screen.getByText('Category: Drinks')).toBeTruthy();
    const review = screen.getByLabelText('Review totals');
    expect(within(review).getByText('2 of 3')).toBeTruthy();
    expect(within(review).getByText('1 line not counted yet')).toBeTruthy();
    expect(within(review).getByText('+3')).toBeTruthy();
    expect(within(review).getByText('$1.80 at cost')).toBeTruthy();
    expect(within(review).getByText('−2')).toBeTruthy();
    expect(within(review).getByText('$0.90 at cost')).toBeTruthy();
    expect(within(review).getByText('$0.90')).toBeTruthy();

    const crispsRow = (await screen.findByText('Crisps')).closest('tr') as HTMLElement;
    expect(within(crispsRow).getByText('7')).toBeTruthy();
    expect(within(crispsRow).getByText('−2', { selector: 'td' })).toBeTruthy();
    expect((within(crispsRow).getByRole('textbox', { name: 'Counted Crisps' }) as HTMLInputElement).value).toBe('3');
    expect(within(crispsRow).getByText('-$0.90')).toBeTruthy();
    const waterRow = screen.getByText('Water').closest('tr') as HTMLElement;
    expect((within(waterRow).getByRole('textbox', { name: 'Counted Water' }) as HTMLInputElement).value).toBe('');
  });

  it('sets a line to the total typed, and shows the server’s refusal on that line', async () => {
    const { user, sent } = renderSheet();
    let answer: 'ok' | 'refuse' = 'ok';
    server.use(
      rest.post('/api/stock-counts/42/lines', () =>
        answer === 'ok' ? HttpResponse.json({ data: line({ variantId: 71, productTitle: 'Water', variantName: '', counted: 4, variance: 0, varianceValue: 0 }) }) : invalid({ status: ['SC-000042 has been applied already: it can no longer be counted.'] }),
      ),
    );
    const water = await screen.findByRole('textbox', { name: 'Counted Water' });
    await user.type(water, '4{Enter}');
    await waitFor(() => expect(sent.find('POST', '/api/stock-counts/42/lines')?.body).toEqual({ variantId: 71, quantity: 4, mode: 'set' }));

    answer = 'refuse';
    const crisps = screen.getByRole('textbox', { name: 'Counted Crisps' });
    await user.clear(crisps);
    await user.type(crisps, '5');
    await user.tab();
    expect(await screen.findByText('SC-000042 has been applied already: it can no longer be counted.')).toBeTruthy();
    expect((crisps as HTMLInputElement).value).toBe('5');

    await user.clear(crisps);
    await user.type(crisps, 'ten{Enter}');
    expect(await screen.findByText('Type a whole number from 0 to 1,000,000,000.')).toBeTruthy();
    expect(sent.filter('POST', '/api/stock-counts/42/lines')).toHaveLength(2);
  });

  it('adds one per scan and says what is counted now', async () => {
    const { user, sent } = renderSheet();
    server.use(
      rest.get('/api/products/variants', () =>
        HttpResponse.json({ data: [{ variantId: 51, productId: 5, productTitle: 'Cola', variantName: '330ml', sku: 'COLA-330', barcode: '4006381333931', cost: 60, price: 150 }] }),
      ),
      rest.post('/api/stock-counts/42/lines', () => HttpResponse.json({ data: line({ counted: 16, variance: 4, varianceValue: 240 }) })),
    );
    const box = await screen.findByRole('searchbox', { name: 'Scan or search a product to count' });
    await user.type(box, '4006381333931{Enter}');
    expect(await screen.findByText('Cola · 330ml: 16 counted.')).toBeTruthy();
    expect(sent.find('POST', '/api/stock-counts/42/lines')?.body).toEqual({ variantId: 51, quantity: 1, mode: 'add' });
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('filters the sheet through the address', async () => {
    const { user, sent, router } = renderSheet();
    await screen.findByText('Crisps');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'With a variance');
    await waitFor(() => expect(Object.fromEntries(sent.filter('GET', '/api/stock-counts/42/lines').at(-1)?.search ?? [])).toEqual({ page: '1', perPage: '50', filter: 'variance' }));
    expect(router.state.location.search).toBe('?filter=variance');
  });

  it('applies after saying how many adjustments will be posted, uncounted lines skipped or counted as none', async () => {
    const { user, sent } = renderSheet();
    // Once applied, the sheet reads back applied (and the page drops its actions) as the server answers it.
    const applied = { ...count, status: 'applied', adjustments: 3, appliedAt: '2026-11-20T10:00:00.000Z' };
    server.use(
      rest.post('/api/stock-counts/42/apply', () => {
        server.use(rest.get('/api/stock-counts/42/edit', () => HttpResponse.json({ data: applied })));
        return HttpResponse.json({ data: applied });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply SC-000042?' });
    expect(within(dialog).getByTestId('apply-summary').textContent).toContain('2 stock adjustments will be posted at Main store with the reason “count”.');
    await user.click(within(dialog).getByRole('radio', { name: /Count them as none/ }));
    expect(within(dialog).getByTestId('apply-summary').textContent).toContain('3 stock adjustments will be posted');
    await user.click(within(dialog).getByRole('button', { name: 'Post 3 adjustments' }));
    await waitFor(() => expect(sent.find('POST', '/api/stock-counts/42/apply')?.body).toEqual({ uncounted: 'zero' }));
    expect(await screen.findByText('SC-000042 applied: 3 stock adjustments posted.')).toBeTruthy();
    expect(await screen.findByText(/3 stock adjustments posted with the reason “count”/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('cancels the count after a confirmation', async () => {
    const { user, sent } = renderSheet();
    server.use(rest.put('/api/stock-counts/42/edit', () => HttpResponse.json({ data: { ...count, status: 'cancelled' } })));
    await user.click(await screen.findByRole('button', { name: 'Cancel count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel SC-000042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel count' }));
    await waitFor(() => expect(sent.find('PUT', '/api/stock-counts/42/edit')?.body).toEqual({ status: 'cancelled' }));
  });

  it('shows an applied count as it was, with nothing left to type or scan', async () => {
    renderSheet({ ...count, status: 'applied', adjustments: 2, appliedAt: '2026-11-20T10:00:00.000Z', appliedByName: 'Ada Lovelace' });
    expect(await screen.findByText(/2 stock adjustments posted with the reason “count”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the stock movements' }).getAttribute('href')).toBe('/stock-movements?reason=count');
    await screen.findByText('Crisps');
    expect(screen.queryByRole('textbox', { name: 'Counted Crisps' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Scan or search a product to count' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('says so when the count cannot be loaded', async () => {
    server.use(
      rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
      rest.get('/api/stock-counts/42/edit', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
    );
    renderScreen(<StockCountPage />, { path: '/stock-counts/42', pattern: '/stock-counts/:id' });
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });
});
