import type { Refund } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { administrator, signIn } from '../../testing/fixtures.ts';
import { buildOrder, mockOrderGets } from '../../testing/orders.fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { RefundsSection } from './refunds-section.tsx';

/** 61.20 paid 20.00 with gift card •••• 3456 and 41.20 by card. */
const order = buildOrder({
  payments: [{ id: 2, tender: 'card', amount: 4120, tendered: 4120, change: 0, reference: null }],
  paid: 4120,
  change: 0,
  giftCardsPaid: 2000,
  giftCards: [{ code: '6000111122223456', kind: 'spent', amount: 2000, balanceAfter: 500, expiresAt: null }],
});

const earlier: Refund = {
  id: 3,
  orderId: 41,
  number: 'MAIN-000041-R1',
  outletId: 1,
  registerId: 2,
  cashboxSessionId: 5,
  userId: 1,
  userName: 'Ada Lovelace',
  reason: 'Chipped',
  netTotal: 720,
  taxTotal: 0,
  total: 720,
  taxes: [],
  lines: [{ id: 8, orderLineId: 2, variantId: 13, title: 'Mug', variantName: '', sku: 'MUG-1', quantity: 1, restock: false, net: 720, taxTotal: 0, total: 720, taxes: [] }],
  payments: [{ id: 9, tender: 'card', amount: 200, reference: null }],
  points: null,
  storeCredit: 0,
  giftCard: 520,
  giftCards: [{ giftCardId: 4, maskedCode: '•••• 3456', amount: 520, balanceAfter: 1020 }],
  exchange: null,
  approval: null,
  createdAt: '2026-11-22T15:00:00.000Z',
};

describe('refunds of a sale paid with a gift card', () => {
  it('shows what went back onto the card, and puts the card’s part back onto it after the card tender', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [earlier] } });
    server.use(rest.post('/api/orders/41/refunds', () => HttpResponse.json({ data: earlier }, { status: 201 })));
    renderScreen(<RefundsSection order={order} />);
    const listed = await screen.findByRole('listitem', { name: 'Refund MAIN-000041-R1' });
    expect(within(listed).getByText('Paid back: Card $2.00, Back onto gift card •••• 3456 $5.20')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund from MAIN-000041' }));
    // Both shirts (54.00): the card gives back what is left of its 41.20 (39.20), the gift card the other 14.80 of its 20.00 (5.20 went back before).
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Linen shirt · M / Blue' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect((dialog.getByRole('textbox', { name: 'Card' }) as HTMLInputElement).value).toBe('39.20');
    const onCard = dialog.getByRole('textbox', { name: 'Back onto gift card •••• 3456' }) as HTMLInputElement;
    expect(onCard.value).toBe('14.80');
    expect(dialog.getByText('Up to $14.80')).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Refund $54.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find('POST', '/api/orders/41/refunds')?.body).toEqual({
      lines: [{ orderLineId: 1, quantity: 2, restock: true }],
      payments: [{ tender: 'card', amount: 3920 }],
      giftCard: 1480,
      reason: 'Torn seam',
    });
  });

  it('takes a typed amount onto the card and leaves the rest to the card tender', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    server.use(rest.post('/api/orders/41/refunds', () => HttpResponse.json({ data: earlier }, { status: 201 })));
    renderScreen(<RefundsSection order={order} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund from MAIN-000041' }));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Linen shirt · M / Blue' });
    await user.clear(quantity);
    await user.type(quantity, '1');
    // One shirt (27.00): by default all of it by card.
    const onCard = dialog.getByRole('textbox', { name: 'Back onto gift card •••• 3456' }) as HTMLInputElement;
    expect(onCard.value).toBe('0.00');
    await user.clear(onCard);
    await user.type(onCard, '10');
    expect((dialog.getByRole('textbox', { name: 'Card' }) as HTMLInputElement).value).toBe('17.00');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Refund $27.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find('POST', '/api/orders/41/refunds')?.body).toMatchObject({ payments: [{ tender: 'card', amount: 1700 }], giftCard: 1000 });
  });
});
