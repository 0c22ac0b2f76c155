import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { GoodsOrderPage } from './goods-order-page.tsx';
import { buildGoodsOrder, buildItem, mockGoodsOrderGets } from './goods-orders.fixtures.ts';

function renderOrder(order = buildGoodsOrder(), timeline: unknown[] = []) {
  const sent = mockGoodsOrderGets({ '/api/goods-orders/42/edit': { data: order }, '/api/goods-orders/42/timeline': { data: timeline } });
  return { ...renderScreen(<GoodsOrderPage />, { path: '/goods-orders/42/edit', pattern: '/goods-orders/:id/edit', signedInAs: administrator }), sent };
}

describe('GoodsOrderPage: an ordered order', () => {
  it('e-mails the purchase order to the supplier’s address with a message, and says where it went', async () => {
    server.use(rest.post('/api/goods-orders/42/email', () => HttpResponse.json({ data: { sentTo: 'orders@freshfarm.example', messageId: '<1@x>' } })));
    const { user, sent } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'E-mail to supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail PO-000042 to Fresh Farm Ltd' });
    expect((within(dialog).getByLabelText('To') as HTMLInputElement).value).toBe('orders@freshfarm.example');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Before Friday, please.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Purchase order PO-000042 sent to orders@freshfarm.example.')).toBeTruthy();
    expect(sent.find('POST', '/api/goods-orders/42/email')?.body).toEqual({ to: 'orders@freshfarm.example', message: 'Before Friday, please.' });
  });

  it('says why an e-mail was not sent, and keeps the dialog open', async () => {
    server.use(rest.post('/api/goods-orders/42/email', () => HttpResponse.json({ message: 'E-mail is not set up on this server: set SMTP_URL.' }, { status: 503 })));
    const { user } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'E-mail to supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail PO-000042 to Fresh Farm Ltd' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('E-mail is not set up on this server: set SMTP_URL.')).toBeTruthy();
    expect(screen.getByText('PO-000042 was not sent: E-mail is not set up on this server: set SMTP_URL.')).toBeTruthy();
  });

  it('cancels the rest of a partially received order after asking', async () => {
    const items = [buildItem({ id: 1, variantId: 71, quantity: 12, receivedQuantity: 9, unitCost: 120 }), buildItem({ id: 2, variantId: 81, quantity: 3, unitCost: 1400 })];
    const partial = buildGoodsOrder({ status: 'partially_received', items, receivedUnits: 9 });
    server.use(rest.put('/api/goods-orders/42/edit', () => HttpResponse.json({ data: buildGoodsOrder({ status: 'received', items, receivedUnits: 9 }) })));
    const { user, sent } = renderOrder(partial);
    expect(await screen.findByRole('heading', { name: 'Receive a delivery' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel the rest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel what has not come?' });
    expect(within(dialog).getByText(/6 units still to come will be cancelled/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the rest' }));
    expect(await screen.findByText('The rest of PO-000042 is cancelled (6 units).')).toBeTruthy();
    expect(sent.find('PUT', '/api/goods-orders/42/edit')?.body).toEqual({ status: 'received' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Receive a delivery' })).toBeNull());
  });

  it('changes the expected date of an open order', async () => {
    server.use(rest.put('/api/goods-orders/42/edit', () => HttpResponse.json({ data: buildGoodsOrder({ expectedAt: '2026-12-04' }) })));
    const { user, sent } = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Change date or note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expected date and note of PO-000042' });
    const date = within(dialog).getByLabelText('Expected date');
    await user.clear(date);
    await user.type(date, '2026-12-04');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Goods order PO-000042 saved.')).toBeTruthy();
    expect(sent.find('PUT', '/api/goods-orders/42/edit')?.body).toEqual({ expectedAt: '2026-12-04', note: null });
    expect(await screen.findByText('Dec 4, 2026')).toBeTruthy();
  });

  it('shows the timeline: who did what and when', async () => {
    renderOrder(buildGoodsOrder(), [
      { id: '1', kind: 'created', detail: { lines: 2 }, userName: 'Ada Lovelace', createdAt: '2026-11-22T09:00:00.000Z' },
      { id: '2', kind: 'ordered', detail: { lines: 2, units: 15, total: 5640 }, userName: 'Ada Lovelace', createdAt: '2026-11-22T10:00:00.000Z' },
      { id: '3', kind: 'email_failed', detail: { to: 'orders@freshfarm.example', reason: 'Connection refused' }, userName: 'Ada Lovelace', createdAt: '2026-11-22T10:01:00.000Z' },
      { id: '4', kind: 'received', detail: { units: 9, stillToCome: 6 }, userName: 'Bob Stock', createdAt: '2026-11-23T08:00:00.000Z' },
    ]);
    const timeline = await screen.findByRole('list', { name: 'Goods order timeline' });
    const items = within(timeline).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Created by Ada Lovelace');
    expect(items[1]).toContain('Marked as ordered: 15 units, $56.40 by Ada Lovelace');
    expect(items[2]).toContain('E-mail to orders@freshfarm.example failed by Ada Lovelace');
    expect(items[2]).toContain('Connection refused');
    expect(items[3]).toContain('Received 9 units (6 still to come) by Bob Stock');
  });
});
