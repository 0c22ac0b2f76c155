import type { GoodsOrder, GoodsOrderCreateInput, LowStockSuggestion } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { GoodsOrderPage } from './goods-order-page.tsx';
import { buildGoodsOrder, buildItem, espresso, mockGoodsOrderGets, oatMilk, teaBags } from './goods-orders.fixtures.ts';

const routes = [
  { path: '/goods-orders/:id/edit', element: <GoodsOrderPage /> },
  { path: '/goods-orders', element: <h1>Goods orders list</h1> },
];

/** The new-order page, once the suppliers to choose from have loaded. */
async function renderNew() {
  const view = renderScreen(<GoodsOrderPage />, { path: '/goods-orders/new', routes, signedInAs: administrator });
  await screen.findByRole('option', { name: 'Fresh Farm Ltd' });
  return view;
}

/** The draft the server answers a create or a save with: the lines as sent, priced. */
function savedDraft(id: number, input: GoodsOrderCreateInput): GoodsOrder {
  const known = [oatMilk, espresso, teaBags];
  return buildGoodsOrder({
    id,
    number: `PO-${String(id).padStart(6, '0')}`,
    status: 'draft',
    orderedAt: null,
    supplierId: input.supplierId,
    outletId: input.outletId,
    expectedAt: input.expectedAt ?? null,
    items: (input.items ?? []).map((line, index) => {
      const v = known.find((k) => k.variantId === line.variantId)!;
      return buildItem({ id: index + 1, variantId: v.variantId, productTitle: v.productTitle, variantName: v.variantName, sku: v.sku, quantity: Number(line.quantity), unitCost: Number(line.unitCost), taxRateE4: Number(line.taxRateE4 ?? 0), supplierSku: line.supplierSku ?? null });
    }),
  });
}

function lineOf(variantId: number) {
  return within(screen.getByTestId(`line-${variantId}`));
}

describe('GoodsOrderPage: a draft', () => {
  it('adds lines by scanning, one more on a repeated scan, prefilled with the supplier’s SKU and cost, and totals them as typed', async () => {
    mockGoodsOrderGets();
    const { user } = await renderNew();
    await user.selectOptions(screen.getByLabelText('Supplier'), 'Fresh Farm Ltd');
    const scan = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(scan, `${oatMilk.barcode}{Enter}`);
    const oat = await screen.findByTestId('line-71');
    expect((within(oat).getByLabelText('Supplier SKU for Oat Milk 1L') as HTMLInputElement).value).toBe('FF-OAT');
    expect((within(oat).getByLabelText('Unit cost of Oat Milk 1L') as HTMLInputElement).value).toBe('1.20');
    expect((within(oat).getByLabelText('Quantity of Oat Milk 1L') as HTMLInputElement).value).toBe('1');

    await user.type(scan, `${oatMilk.barcode}{Enter}`);
    await waitFor(() => expect((lineOf(71).getByLabelText('Quantity of Oat Milk 1L') as HTMLInputElement).value).toBe('2'));
    expect(screen.getAllByTestId(/^line-\d+$/)).toHaveLength(1);
    expect(screen.getByText('Oat Milk 1L: 2 on the order.')).toBeTruthy();

    // Tea bags are not in the supplier's list: our own cost, no supplier SKU.
    await user.type(scan, `${teaBags.sku}{Enter}`);
    const tea = await screen.findByTestId('line-91');
    expect((within(tea).getByLabelText('Supplier SKU for Tea bags') as HTMLInputElement).value).toBe('');
    expect((within(tea).getByLabelText('Unit cost of Tea bags') as HTMLInputElement).value).toBe('2.50');

    const quantity = lineOf(91).getByLabelText('Quantity of Tea bags');
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.type(lineOf(91).getByLabelText('Tax % of Tea bags'), '20');
    // Oat: 2 × 1.20 = 2.40. Tea: 10 × 2.50 = 25.00 + 20 % = 5.00.
    await waitFor(() => expect(screen.getByTestId('line-total-91').textContent).toBe('$30.00'));
    expect(screen.getByTestId('line-total-71').textContent).toBe('$2.40');
    expect(screen.getByTestId('draft-totals').textContent).toBe('Units12Net$27.40Tax$5.00Total$32.40');
  });

  it('creates the order on its first save, and the address becomes the order’s', async () => {
    const sent = mockGoodsOrderGets({ '/api/goods-orders/57/timeline': { data: [] } });
    let created: GoodsOrder | null = null;
    server.use(
      rest.post('/api/goods-orders/create', async ({ request }) => {
        created = savedDraft(57, (await request.json()) as GoodsOrderCreateInput);
        return HttpResponse.json({ data: created }, { status: 201 });
      }),
      rest.get('/api/goods-orders/57/edit', () => HttpResponse.json({ data: created })),
    );
    const { user, router } = await renderNew();
    await user.selectOptions(screen.getByLabelText('Supplier'), 'Fresh Farm Ltd');
    await user.selectOptions(screen.getByLabelText('Deliver to outlet'), 'Main store');
    await user.type(screen.getByLabelText('Expected date'), '2026-12-05');
    await user.type(screen.getByRole('searchbox', { name: 'Add a product' }), `${espresso.barcode}{Enter}`);
    await screen.findByTestId('line-81');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/goods-orders/57/edit'));
    expect(sent.find('POST', '/api/goods-orders/create')?.body).toEqual({
      supplierId: 4,
      outletId: 1,
      expectedAt: '2026-12-05',
      note: null,
      items: [{ variantId: 81, quantity: 1, unitCost: 1400, taxRateE4: 0, supplierSku: 'FF-ESP' }],
    });
    expect(await screen.findByText('Goods order PO-000057 created.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Goods order PO-000057' })).toBeTruthy();
    expect((lineOf(81).getByLabelText('Unit cost of Espresso beans · 1kg') as HTMLInputElement).value).toBe('14.00');
  });

  it('puts a 422 on the line it names and keeps everything typed', async () => {
    mockGoodsOrderGets();
    server.use(
      rest.post('/api/goods-orders/create', () =>
        invalid({ 'items.1.quantity': ['The quantity may not be greater than 1000000000.'], expectedAt: ['The expected date must be between 1900-01-01 and 2100-12-31.'] }),
      ),
    );
    const { user, router } = await renderNew();
    await user.selectOptions(screen.getByLabelText('Supplier'), 'Fresh Farm Ltd');
    await user.selectOptions(screen.getByLabelText('Deliver to outlet'), 'Main store');
    const scan = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(scan, `${oatMilk.barcode}{Enter}`);
    await screen.findByTestId('line-71');
    await user.type(scan, `${espresso.barcode}{Enter}`);
    const quantity = lineOf(81).getByLabelText('Quantity of Espresso beans · 1kg') as HTMLInputElement;
    await user.clear(quantity);
    await user.type(quantity, '999999999');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await lineOf(81).findByText('The quantity may not be greater than 1000000000.')).toBeTruthy();
    expect(lineOf(71).queryByText(/may not be greater/)).toBeNull();
    expect(screen.getByText('The expected date must be between 1900-01-01 and 2100-12-31.')).toBeTruthy();
    expect(quantity.value).toBe('999999999');
    expect((lineOf(71).getByLabelText('Unit cost of Oat Milk 1L') as HTMLInputElement).value).toBe('1.20');
    expect(router.state.location.pathname).toBe('/goods-orders/new');
  });

  it('refuses what it cannot read before calling the server', async () => {
    const sent = mockGoodsOrderGets();
    const { user } = await renderNew();
    await user.type(await screen.findByRole('searchbox', { name: 'Add a product' }), `${oatMilk.barcode}{Enter}`);
    await screen.findByTestId('line-71');
    const quantity = lineOf(71).getByLabelText('Quantity of Oat Milk 1L');
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The quantity must be a whole number of units.')).toBeTruthy();
    expect(screen.getByText('The supplier field is required.')).toBeTruthy();
    expect(sent.find('POST', '/api/goods-orders/create')).toBeUndefined();
  });

  it('adds the supplier’s low-stock items up to their reorder level, and says how many', async () => {
    const suggestions: LowStockSuggestion[] = [
      { variantId: 71, productTitle: 'Oat Milk 1L', variantName: '', sku: 'OAT-1L', supplierSku: 'FF-OAT', cost: 120, onHand: 2, onOrder: 0, reorderLevel: 12, quantity: 10 },
      { variantId: 81, productTitle: 'Espresso beans', variantName: '1kg', sku: 'ESP-1KG', supplierSku: 'FF-ESP', cost: 1400, onHand: 1, onOrder: 2, reorderLevel: 6, quantity: 3 },
    ];
    const sent = mockGoodsOrderGets({ '/api/goods-orders/low-stock': { data: suggestions } });
    const { user } = await renderNew();
    const fill = await screen.findByRole('button', { name: 'Add low-stock items' });
    expect((fill as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Supplier'), 'Fresh Farm Ltd');
    await user.selectOptions(screen.getByLabelText('Deliver to outlet'), 'Harbour Road');
    await user.click(fill);
    expect(await screen.findByText('Added 2 low-stock items, each up to its reorder level.')).toBeTruthy();
    expect(Object.fromEntries(sent.find('GET', '/api/goods-orders/low-stock')?.search ?? [])).toEqual({ supplierId: '4', outletId: '2' });
    expect((lineOf(71).getByLabelText('Quantity of Oat Milk 1L') as HTMLInputElement).value).toBe('10');
    expect(lineOf(81).getByText('On hand 1 · on order 2 · reorder level 6')).toBeTruthy();
    // 10 × 1.20 + 3 × 14.00
    await waitFor(() => expect(screen.getByTestId('draft-totals').textContent).toBe('Units13Net$54.00Tax$0.00Total$54.00'));

    await user.click(fill);
    expect(await screen.findByText('The 2 low-stock items are already on the order.')).toBeTruthy();
    expect(screen.getAllByTestId(/^line-\d+$/)).toHaveLength(2);

    server.use(rest.get('/api/goods-orders/low-stock', () => HttpResponse.json({ data: [] })));
    await user.selectOptions(screen.getByLabelText('Deliver to outlet'), 'Main store');
    await user.click(fill);
    expect(await screen.findByText('Nothing this supplier delivers is low at Main store.')).toBeTruthy();
  });

  it('marks a saved draft as ordered: saves what is on screen first, then places it', async () => {
    const draft = buildGoodsOrder({ status: 'draft', orderedAt: null });
    const sent = mockGoodsOrderGets({ '/api/goods-orders/42/edit': { data: draft } });
    server.use(
      rest.put('/api/goods-orders/42/edit', async ({ request }) => {
        const body = (await request.json()) as { status?: string };
        return HttpResponse.json({ data: body.status === 'ordered' ? buildGoodsOrder() : draft });
      }),
    );
    const { user } = renderScreen(<GoodsOrderPage />, { path: '/goods-orders/42/edit', pattern: '/goods-orders/:id/edit', signedInAs: administrator });
    await screen.findByTestId('line-71');
    const quantity = lineOf(71).getByLabelText('Quantity of Oat Milk 1L');
    await user.clear(quantity);
    await user.type(quantity, '24');
    await user.click(screen.getByRole('button', { name: 'Mark as ordered' }));
    expect(await screen.findByText('Goods order PO-000042 is ordered from Fresh Farm Ltd.')).toBeTruthy();
    const puts = sent.filter('PUT', '/api/goods-orders/42/edit').map((r) => r.body);
    expect(puts).toHaveLength(2);
    expect(puts[0]).toMatchObject({ supplierId: 4, outletId: 1, items: [{ variantId: 71, quantity: 24, unitCost: 120 }, { variantId: 81, quantity: 3, unitCost: 1400 }] });
    expect(puts[1]).toEqual({ status: 'ordered' });
    // The ordered order's page: receiving instead of the form.
    expect(await screen.findByRole('heading', { name: 'Receive a delivery' })).toBeTruthy();
  });

  it('cancels a saved draft after asking, and shows it as cancelled', async () => {
    const draft = buildGoodsOrder({ status: 'draft', orderedAt: null });
    const sent = mockGoodsOrderGets({ '/api/goods-orders/42/edit': { data: draft } });
    server.use(rest.put('/api/goods-orders/42/edit', () => HttpResponse.json({ data: buildGoodsOrder({ status: 'cancelled', cancelledAt: '2026-11-23T09:00:00.000Z' }) })));
    const { user } = renderScreen(<GoodsOrderPage />, { path: '/goods-orders/42/edit', pattern: '/goods-orders/:id/edit', signedInAs: administrator });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this goods order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Goods order PO-000042 cancelled.')).toBeTruthy();
    expect(sent.find('PUT', '/api/goods-orders/42/edit')?.body).toEqual({ status: 'cancelled' });
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('keeps a new draft on screen when ordering it is refused: created, its address its own, the reason on the lines', async () => {
    mockGoodsOrderGets({ '/api/goods-orders/57/timeline': { data: [] } });
    const created = savedDraft(57, { supplierId: 4, outletId: 1, items: [] });
    server.use(
      rest.post('/api/goods-orders/create', () => HttpResponse.json({ data: created }, { status: 201 })),
      rest.get('/api/goods-orders/57/edit', () => HttpResponse.json({ data: created })),
      rest.put('/api/goods-orders/57/edit', () => invalid({ items: ['Add at least one line before ordering.'] })),
    );
    const { user, router } = await renderNew();
    await user.selectOptions(screen.getByLabelText('Supplier'), 'Fresh Farm Ltd');
    await user.selectOptions(screen.getByLabelText('Deliver to outlet'), 'Main store');
    await user.type(screen.getByLabelText('Note'), 'Call before delivery');
    await user.click(screen.getByRole('button', { name: 'Mark as ordered' }));
    expect(await screen.findByText('Add at least one line before ordering.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/goods-orders/57/edit');
    expect((screen.getByLabelText('Supplier') as HTMLSelectElement).value).toBe('4');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
  });
});
