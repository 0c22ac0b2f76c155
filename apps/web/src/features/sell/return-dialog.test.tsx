import type { Refund, SaleForReturn } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { useTillReturn } from './return-button.tsx';
import { ReturnDialog } from './return-dialog.tsx';
import { ShortcutBar, useShortcuts } from './shortcut-bar.tsx';
import { saleForReturn as sale } from './return.fixtures.ts';


const refund: Refund = {
  id: 9,
  orderId: 41,
  number: 'MAIN-000041-R2',
  outletId: 2,
  registerId: 3,
  cashboxSessionId: 5,
  userId: 2,
  userName: 'Carl Cash',
  reason: 'Wrong size',
  netTotal: 2500,
  taxTotal: 500,
  total: 3000,
  taxes: [],
  lines: [],
  payments: [
    { id: 1, tender: 'cash', amount: 1600, reference: null },
    { id: 2, tender: 'card', amount: 1400, reference: 'AUTH 4471' },
  ],
  points: null,
  storeCredit: 0,
  giftCard: 0,
  giftCards: [],
  exchange: null,
  approval: { id: 4, approverName: 'Maria Manager', method: 'pin', createdAt: '2026-11-22T11:00:00.000Z' },
  createdAt: '2026-11-22T11:00:00.000Z',
};

function renderDialog() {
  const sent = recordRequests();
  server.use(
    rest.get('/api/approvals/approvers', () => HttpResponse.json({ data: [{ id: 9, name: 'Maria Manager', hasPin: true }] })),
    rest.get('/api/orders/lookup', ({ request }) =>
      new URL(request.url).searchParams.get('number') === 'MAIN-000041' ? HttpResponse.json({ data: sale }) : HttpResponse.json({ message: 'No sale has this number.' }, { status: 404 }),
    ),
    rest.post('/api/orders/41/refunds', async ({ request }) => {
      const body = (await request.json()) as { approval?: { pin?: string } };
      if (!body.approval) return invalid({ approval: ['Refunds above $10.00 need a manager’s approval.'] });
      if (body.approval.pin !== '1234') return invalid({ 'approval.pin': ['The PIN does not match.'] });
      return HttpResponse.json({ data: refund }, { status: 201 });
    }),
  );
  const view = renderScreen(
    <ReturnDialog open drawer={{ id: 5, registerId: 1, registerName: 'Till 1' }} onClose={() => {}} receipt={(r) => <p>Receipt of {r.number}</p>} />,
    { path: '/registers/1/sell', signedInAs: cashier },
  );
  const posts = () => sent.filter('POST', '/api/orders/41/refunds').map((r) => r.body);
  return { ...view, posts };
}

/** The till's bar with the return on it, as till.tsx puts it there. */
function TillBar() {
  const tillReturn = useTillReturn({ id: 5, registerId: 1, registerName: 'Till 1' });
  useShortcuts([tillReturn.shortcut], !tillReturn.isOpen);
  return (
    <>
      <ShortcutBar shortcuts={[tillReturn.shortcut]} />
      {tillReturn.dialog}
    </>
  );
}

describe('ReturnDialog', () => {
  it('opens from the till’s bar with F3 or the Return button', async () => {
    const { user } = renderScreen(<TillBar />, { path: '/registers/1/sell', signedInAs: cashier });
    expect(screen.getByRole('button', { name: /Return/ })).toBeTruthy();
    await user.keyboard('{F3}');
    const dialog = await screen.findByRole('dialog', { name: 'Return' });
    expect(within(dialog).getByRole('textbox', { name: 'Receipt or order number' })).toBe(document.activeElement);
  });

  it('finds the sale by its scanned number, returns one shirt to the original tenders with a manager’s PIN, and offers the refund receipt', async () => {
    const { user, posts } = renderDialog();
    const dialog = within(screen.getByRole('dialog', { name: 'Return' }));
    await user.type(dialog.getByRole('textbox', { name: 'Receipt or order number' }), 'NOPE-1{Enter}');
    expect(await dialog.findByText('No sale has this number.')).toBeTruthy();
    const number = dialog.getByRole('textbox', { name: 'Receipt or order number' });
    await user.clear(number);
    // The scanner types the number and Enter.
    await user.type(number, 'MAIN-000041{Enter}');
    const sold = await dialog.findByRole('region', { name: 'Sale' });
    expect(sold.textContent).toContain('MAIN-000041');
    expect(sold.textContent).toContain('Harbour Road');
    expect(sold.textContent).toContain('Rosa Return');
    expect(dialog.getByText('Sold 1 · 1 already returned · nothing left to return')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'One more of Mug' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(dialog.getByRole('button', { name: 'One more of Linen shirt · M / Blue' }));
    expect(dialog.getByRole('status', { name: 'Quantity to return of Linen shirt · M / Blue' }).textContent).toBe('1');
    // Half the line: 30.00, 16.00 in cash (what cash can still give back) and 14.00 to the card.
    expect(dialog.getByText('$16.00 in cash from the drawer of Till 1, $14.00 by card')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Refund $30.00' }));
    expect(dialog.getByText('The reason field is required.')).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Wrong size' }));
    await user.click(dialog.getByRole('button', { name: 'Refund $30.00' }));
    const approval = within(await screen.findByRole('dialog', { name: 'Manager approval' }));
    expect(approval.getByText('Refunds above $10.00 need a manager’s approval.')).toBeTruthy();
    await user.type(approval.getByLabelText('Their PIN'), '9999');
    await user.click(approval.getByRole('button', { name: 'Approve' }));
    expect(await approval.findByText('The PIN does not match.')).toBeTruthy();
    await user.clear(approval.getByLabelText('Their PIN'));
    await user.type(approval.getByLabelText('Their PIN'), '1234');
    await user.click(approval.getByRole('button', { name: 'Approve' }));

    expect(await dialog.findByText(/Refund MAIN-000041-R2: \$16\.00 back in cash and \$14\.00 back to the card \(reference AUTH 4471\)\./)).toBeTruthy();
    expect(dialog.getByText('Receipt of MAIN-000041-R2')).toBeTruthy();
    const bodies = posts();
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toEqual({
      lines: [{ orderLineId: 1, quantity: 1, restock: true }],
      payments: [{ tender: 'cash', amount: 1600 }, { tender: 'card', amount: 1400 }],
      reason: 'Wrong size',
      cashboxSessionId: 5,
    });
    expect(bodies[2]).toEqual({ ...(bodies[0] as object), approval: { approverId: 9, pin: '1234' } });
  });

  it('puts what a gift card paid back onto it after the cash, says when the card has expired, and sends the amount', async () => {
    const { user, posts } = renderDialog();
    const giftSale: SaleForReturn = {
      ...sale,
      tenders: [{ tender: 'cash', paid: 2000, refundable: 1600 }],
      tendersRefundable: 1600,
      giftCardsPaid: 4400,
      giftCardRefundable: 4400,
      giftCards: [{ maskedCode: '•••• 3456', refundable: 4400, expiresAt: '2026-01-31T00:00:00.000Z' }],
    };
    const onCard: Refund = { ...refund, approval: null, payments: [{ id: 1, tender: 'cash', amount: 1600, reference: null }], giftCard: 1400, giftCards: [{ giftCardId: 4, maskedCode: '•••• 3456', amount: 1400, balanceAfter: 1400 }] };
    server.use(
      rest.get('/api/orders/lookup', () => HttpResponse.json({ data: giftSale })),
      rest.post('/api/orders/41/refunds', () => HttpResponse.json({ data: onCard }, { status: 201 })),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Return' }));
    await user.type(dialog.getByRole('textbox', { name: 'Receipt or order number' }), 'MAIN-000041{Enter}');
    await dialog.findByRole('region', { name: 'Sale' });
    await user.click(dialog.getByRole('button', { name: 'One more of Linen shirt · M / Blue' }));
    expect(dialog.getByText('$16.00 in cash from the drawer of Till 1, $14.00 back onto gift card •••• 3456')).toBeTruthy();
    expect(dialog.getByText(/Gift card •••• 3456 has expired: the money still goes back onto it/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Wrong size' }));
    await user.click(dialog.getByRole('button', { name: 'Refund $30.00' }));
    expect(await dialog.findByText(/Refund MAIN-000041-R2: \$16\.00 back in cash and \$14\.00 back onto gift card •••• 3456\./)).toBeTruthy();
    expect(posts()).toEqual([
      { lines: [{ orderLineId: 1, quantity: 1, restock: true }], payments: [{ tender: 'cash', amount: 1600 }], giftCard: 1400, reason: 'Wrong size', cashboxSessionId: 5 },
    ]);
  });

  it('gives the money back as store credit, marks damaged goods, and keeps what was typed when the server refuses', async () => {
    const { user, posts } = renderDialog();
    server.use(rest.post('/api/orders/41/refunds', () => invalid({ 'lines.0.quantity': ['Only 1 of Linen shirt (M / Blue) can still be refunded.'] })));
    const dialog = within(screen.getByRole('dialog', { name: 'Return' }));
    await user.type(dialog.getByRole('textbox', { name: 'Receipt or order number' }), 'MAIN-000041{Enter}');
    await dialog.findByRole('region', { name: 'Sale' });
    await user.click(dialog.getByRole('button', { name: 'One more of Linen shirt · M / Blue' }));
    await user.click(dialog.getByRole('button', { name: 'One more of Linen shirt · M / Blue' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Restock or damaged: Linen shirt · M / Blue' }), 'damaged');
    await user.click(dialog.getByRole('radio', { name: /As store credit/ }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Refund $60.00' }));
    expect(await dialog.findByText('Only 1 of Linen shirt (M / Blue) can still be refunded.')).toBeTruthy();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual({ lines: [{ orderLineId: 1, quantity: 2, restock: false }], payments: [], storeCredit: 6000, reason: 'Torn seam' });
    expect((dialog.getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('Torn seam');
    expect(dialog.getByRole('status', { name: 'Quantity to return of Linen shirt · M / Blue' }).textContent).toBe('2');
  });
});
