import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { administrator, signIn } from '../../testing/fixtures.ts';
import { buildOrder, mockOrderGets } from '../../testing/orders.fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { RefundsSection } from './refunds-section.tsx';

/** 61.20 paid 20.00 with Ada's store credit and 41.20 by card. */
const order = buildOrder({
  customerId: 7,
  customerName: 'Ada Lovelace',
  payments: [{ id: 2, tender: 'card', amount: 4120, tendered: 4120, change: 0, reference: null }],
  paid: 4120,
  change: 0,
  storeCreditPaid: 2000,
});

describe('refunds of a sale paid with store credit', () => {
  it('gives the credit’s part back as store credit by default, after the card, as the server would', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders/41/refunds': { data: [] } });
    server.use(rest.post('/api/orders/41/refunds', () => HttpResponse.json({ data: null }, { status: 201 })));
    renderScreen(<RefundsSection order={order} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund from MAIN-000041' }));
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity to refund of Linen shirt · M / Blue' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    // Both shirts (54.00): the card gives back its 41.20, store credit the other 12.80.
    expect((dialog.getByRole('textbox', { name: 'Card' }) as HTMLInputElement).value).toBe('41.20');
    const credit = dialog.getByRole('textbox', { name: 'Store credit' }) as HTMLInputElement;
    expect(credit.value).toBe('12.80');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Refund $54.00' }));
    await waitFor(() => expect(sent.find('POST', '/api/orders/41/refunds')).toBeTruthy());
    expect(sent.find('POST', '/api/orders/41/refunds')?.body).toEqual({
      lines: [{ orderLineId: 1, quantity: 2, restock: true }],
      payments: [{ tender: 'card', amount: 4120 }],
      storeCredit: 1280,
      reason: 'Torn seam',
    });
  });
});
