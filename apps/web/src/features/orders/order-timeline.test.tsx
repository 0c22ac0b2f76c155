import { defaultShopSettings, type OrderEvent } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, recordRequests, rest, server } from '../../testing/server.ts';
import { OrderTimeline } from './order-timeline.tsx';

const events: OrderEvent[] = [
  { id: 'order-41', kind: 'created', detail: { number: 'MAIN-000041' }, userName: 'Casey Cashier', createdAt: '2026-11-22T10:42:00.000Z' },
  { id: '1', kind: 'printed', detail: { copy: true }, userName: 'Ada Admin', createdAt: '2026-11-22T11:00:00.000Z' },
  { id: '2', kind: 'emailed', detail: { to: 'ada@example.com' }, userName: 'Ada Admin', createdAt: '2026-11-22T11:01:00.000Z' },
  {
    id: '3',
    kind: 'email_failed',
    detail: { to: 'nobody@refused.example', reason: 'The receipt could not be sent: Mailbox unavailable.' },
    userName: null,
    createdAt: '2026-11-22T11:02:00.000Z',
  },
  { id: '5', kind: 'refunded', detail: { refundId: 3, number: 'MAIN-000041-R1', total: 3000 }, userName: 'Ada Admin', createdAt: '2026-11-22T11:04:00.000Z' },
  { id: '4', kind: 'edited', detail: { fields: ['note', 'customerId'] }, userName: 'Ada Admin', createdAt: '2026-11-22T11:03:00.000Z' },
];

function renderTimeline() {
  renderScreen(<OrderTimeline orderId={41} />);
}

describe('OrderTimeline', () => {
  it('lists what happened to the sale, oldest first, with who and when', async () => {
    const sent = recordRequests();
    server.use(
      rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
      rest.get('/api/orders/41/timeline', () => HttpResponse.json({ data: events })),
    );
    renderTimeline();
    const list = await screen.findByRole('list', { name: 'Order timeline' });
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(sent.find('GET', '/api/orders/41/timeline')).toBeTruthy();
    expect(items[0]).toMatch(/^Created by Casey Cashier · .*10:42/);
    expect(items[1]).toMatch(/^Printed \(copy\) by Ada Admin · /);
    expect(items[2]).toMatch(/^E-mailed to ada@example\.com by Ada Admin · /);
    expect(items[3]).toMatch(/^E-mail to nobody@refused\.example failed · .*The receipt could not be sent: Mailbox unavailable\.$/);
    expect(items[4]).toMatch(/^Refunded \(MAIN-000041-R1\) \$30\.00 by Ada Admin · /);
    expect(items[5]).toMatch(/^Edited note, customer by Ada Admin · /);
  });

  it('says why when the timeline cannot be loaded', async () => {
    server.use(
      rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
      rest.get('/api/orders/41/timeline', () => HttpResponse.json({ message: 'Database down.' }, { status: 500 })),
    );
    renderTimeline();
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});
