import type { GoodsOrder, GoodsReceiptInput } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import type { GoodsReceiptAnswer } from './api.ts';
import { GoodsOrderPage } from './goods-order-page.tsx';
import { buildGoodsOrder, buildItem, espresso, mockGoodsOrderGets, oatMilk, teaBags } from './goods-orders.fixtures.ts';

/** PO-000042 as ordered: 12 oat milk (id 1) and 3 espresso (id 2) still to come. */
async function renderOrdered(order: GoodsOrder = buildGoodsOrder()) {
  const sent = mockGoodsOrderGets({ '/api/goods-orders/42/edit': { data: order } });
  const view = renderScreen(<GoodsOrderPage />, { path: '/goods-orders/42/edit', pattern: '/goods-orders/:id/edit', signedInAs: administrator });
  await screen.findByRole('heading', { name: 'Receive a delivery' });
  return { ...view, sent };
}

const line = (itemId: number) => within(screen.getByTestId(`receive-line-${itemId}`));

/** What the server answers a delivery of `input`: the order with the units booked, and each line's cost before → after. */
function receiptFor(input: GoodsReceiptInput): GoodsReceiptAnswer {
  const before = buildGoodsOrder();
  const items = before.items.map((item) => {
    const got = input.items.find((i) => i.itemId === item.id)?.quantity ?? 0;
    return buildItem({ ...item, receivedQuantity: item.receivedQuantity + got });
  });
  const units = input.items.reduce((n, i) => n + i.quantity, 0);
  const allIn = items.every((item) => item.outstanding === 0);
  const order = buildGoodsOrder({ status: allIn ? 'received' : 'partially_received', items, receivedUnits: units, receivedAt: allIn ? '2026-11-23T09:00:00.000Z' : null });
  return {
    id: 7,
    goodsOrderId: 42,
    userName: 'Ada Lovelace',
    note: null,
    units,
    value: 0,
    createdAt: '2026-11-23T09:00:00.000Z',
    order,
    lines: input.items.map((i) => {
      const item = before.items.find((it) => it.id === i.itemId)!;
      return { itemId: item.id, variantId: item.variantId, productTitle: item.productTitle, variantName: item.variantName, sku: item.sku, quantity: i.quantity, unitCost: i.unitCost ?? item.unitCost, onHandBefore: item.onHand, costBefore: item.currentCost, costAfter: item.id === 1 ? 123 : 1400, quantityAfter: item.onHand + i.quantity };
    }),
  };
}

describe('GoodsOrderPage: receiving an ordered order', () => {
  it('shows each line’s ordered, received and outstanding units, and over- or under-receipt as counts are typed', async () => {
    const { user } = await renderOrdered();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/api/goods-orders/42/pdf');
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    const oat = line(1);
    expect(oat.getAllByText('12')).toHaveLength(2); // ordered and outstanding
    await user.type(oat.getByLabelText('Receiving now of Oat Milk 1L'), '9');
    expect(screen.getByTestId('receive-note-1').textContent).toBe('3 still to come');
    await user.type(line(2).getByLabelText('Receiving now of Espresso beans · 1kg'), '5');
    const over = screen.getByTestId('receive-note-2');
    expect(over.textContent).toBe('2 more than ordered');
    expect(over.className).toContain('amber');
    await user.clear(oat.getByLabelText('Receiving now of Oat Milk 1L'));
    await user.type(oat.getByLabelText('Receiving now of Oat Milk 1L'), '12');
    expect(screen.getByTestId('receive-note-1').textContent).toBe('All in');
    expect(screen.getByRole('button', { name: 'Receive 17 units' })).toBeTruthy();
  });

  it('counts one more on a line per scan, and says when a scanned product is not on the order', async () => {
    const { user } = await renderOrdered();
    const scan = screen.getByRole('searchbox', { name: 'Scan to receive' });
    await user.type(scan, `${oatMilk.barcode}{Enter}`);
    await waitFor(() => expect((line(1).getByLabelText('Receiving now of Oat Milk 1L') as HTMLInputElement).value).toBe('1'));
    await user.type(scan, `${oatMilk.barcode}{Enter}`);
    await waitFor(() => expect((line(1).getByLabelText('Receiving now of Oat Milk 1L') as HTMLInputElement).value).toBe('2'));
    expect(screen.getByTestId('receive-note-1').textContent).toBe('10 still to come');
    await user.type(scan, `${espresso.barcode}{Enter}`);
    await waitFor(() => expect((line(2).getByLabelText('Receiving now of Espresso beans · 1kg') as HTMLInputElement).value).toBe('1'));
    await user.type(scan, `${teaBags.barcode}{Enter}`);
    expect(await screen.findByText('Tea bags is not on this order.')).toBeTruthy();
  });

  it('asks before receiving more than was ordered, resends with the confirmation, and shows what came and each cost before → after', async () => {
    const bodies: GoodsReceiptInput[] = [];
    server.use(
      rest.post('/api/goods-orders/42/receive', async ({ request }) => {
        const body = (await request.json()) as GoodsReceiptInput;
        bodies.push(body);
        return HttpResponse.json({ data: receiptFor(body) }, { status: 201 });
      }),
    );
    const { user } = await renderOrdered();
    await user.click(screen.getByRole('button', { name: 'Receive all outstanding' }));
    expect((line(1).getByLabelText('Receiving now of Oat Milk 1L') as HTMLInputElement).value).toBe('12');
    expect((line(2).getByLabelText('Receiving now of Espresso beans · 1kg') as HTMLInputElement).value).toBe('3');
    const espressoNow = line(2).getByLabelText('Receiving now of Espresso beans · 1kg');
    await user.clear(espressoNow);
    await user.type(espressoNow, '5');
    await user.type(line(1).getByLabelText('Received unit cost of Oat Milk 1L'), '1.25');
    await user.click(screen.getByRole('button', { name: 'Receive 17 units' }));

    const dialog = await screen.findByRole('dialog', { name: 'Receive more than was ordered?' });
    expect(within(dialog).getByText('Espresso beans · 1kg: 2 more than ordered')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Receive anyway' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      items: [
        { itemId: 1, quantity: 12, unitCost: 125 },
        { itemId: 2, quantity: 5 },
      ],
      allowOver: true,
      note: null,
    });
    expect((await screen.findAllByText('Received 17 units into Main store. Everything ordered has arrived.')).length).toBeGreaterThan(0);
    // All in: the order is closed, its lines read-only.
    expect(screen.queryByRole('heading', { name: 'Receive a delivery' })).toBeNull();
    const thisDelivery = screen.getByRole('table', { name: 'This delivery' });
    expect(within(thisDelivery).getByText('$1.40 →')).toBeTruthy();
    expect(within(thisDelivery).getByText('$1.23')).toBeTruthy();
  });

  it('says how much is still to come after a partial delivery, and puts a refused line’s message on it', async () => {
    server.use(
      rest.post('/api/goods-orders/42/receive', async ({ request }) => {
        const body = (await request.json()) as GoodsReceiptInput;
        if (body.items.length > 1) return invalid({ 'items.1.quantity': ['The order has 3 of this line still to come; confirm to receive more.'] });
        return HttpResponse.json({ data: receiptFor(body) }, { status: 201 });
      }),
    );
    const { user } = await renderOrdered();
    await user.type(line(1).getByLabelText('Receiving now of Oat Milk 1L'), '9');
    await user.type(line(2).getByLabelText('Receiving now of Espresso beans · 1kg'), '1');
    await user.click(screen.getByRole('button', { name: 'Receive 10 units' }));
    expect(await line(2).findByText('The order has 3 of this line still to come; confirm to receive more.')).toBeTruthy();
    expect(line(1).queryByText(/still to come; confirm/)).toBeNull();
    expect((line(1).getByLabelText('Receiving now of Oat Milk 1L') as HTMLInputElement).value).toBe('9');

    await user.clear(line(2).getByLabelText('Receiving now of Espresso beans · 1kg'));
    await user.click(screen.getByRole('button', { name: 'Receive 9 units' }));
    // 12 − 9 oat milk and 3 espresso are still to come.
    expect((await screen.findAllByText('Received 9 units into Main store. 6 still to come.')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Receive' })).toBeTruthy();
  });

  it('shows a received order’s deliveries with the cost before → after, and no receiving', async () => {
    const items = [buildItem({ id: 1, variantId: 71, quantity: 12, receivedQuantity: 12, unitCost: 120, onHand: 14, currentCost: 123 })];
    const order = buildGoodsOrder({
      status: 'received',
      items,
      receivedUnits: 12,
      receivedAt: '2026-11-23T09:00:00.000Z',
      receipts: [
        {
          id: 7,
          goodsOrderId: 42,
          userName: 'Ada Lovelace',
          note: 'Slip 4411',
          units: 12,
          value: 1440,
          createdAt: '2026-11-23T09:00:00.000Z',
          lines: [{ itemId: 1, variantId: 71, productTitle: 'Oat Milk 1L', variantName: '', sku: 'OAT-1L', quantity: 12, unitCost: 120, onHandBefore: 2, costBefore: 140, costAfter: 123, quantityAfter: 14 }],
        },
      ],
    });
    mockGoodsOrderGets({ '/api/goods-orders/42/edit': { data: order } });
    renderScreen(<GoodsOrderPage />, { path: '/goods-orders/42/edit', pattern: '/goods-orders/:id/edit', signedInAs: administrator });
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(deliveries).getByRole('heading', { name: /^Delivery 1/ }).textContent).toContain('by Ada Lovelace · 12 units worth $14.40');
    expect(within(deliveries).getByText('Slip 4411')).toBeTruthy();
    expect(within(deliveries).getByText('$1.40 →')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Receive a delivery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getAllByText('Received').length).toBeGreaterThan(0);
  });
});
