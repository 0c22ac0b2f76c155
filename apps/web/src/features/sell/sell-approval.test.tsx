import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { priceApprovalNote } from './price-dialog.tsx';
import { answerSales, dropCatalogues, orderOf, payExact, person, renderSell, ringUpCola, saleLines } from './sell-page.fixtures.tsx';

afterEach(dropCatalogues);

const reason = 'Changing the price of Cola Zero 330 ml needs a manager.';

function answerApprovers() {
  server.use(rest.get('/api/approvals/approvers', () => HttpResponse.json({ data: [{ id: 1, name: 'Alex Admin', hasPin: true }] })));
}

/** The cola (1.50 + 0.25 deposit) sold at `price` through its line's "Price" button. */
async function changeColaPrice(price: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Change price of Cola Zero 330 ml' }));
  const dialog = await screen.findByRole('dialog', { name: 'Price of Cola Zero 330 ml' });
  const input = within(dialog).getByRole('textbox', { name: /New price for one unit/ });
  await userEvent.clear(input);
  await person().type(input, price);
  return dialog;
}

describe('SellPage: prices and discounts beyond a cashier’s rights', () => {
  it('sells at a new price, asks for a manager’s PIN when the server wants one, and sends the same sale again with it', async () => {
    answerApprovers();
    renderSell();
    const bodies = answerSales((body, count) => {
      if (count === 1) return invalid({ approval: [reason] }, 'Approval needed');
      if (count === 2) return invalid({ 'approval.pin': ['The PIN does not match.'] }, 'Wrong PIN');
      return HttpResponse.json({ data: orderOf(body) });
    });
    await ringUpCola();
    const dialog = await changeColaPrice('1.00');
    expect(within(dialog).getByText(priceApprovalNote)).toBeTruthy();
    expect(within(dialog).getByText('Catalogue price: $1.50 each.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(await saleLines()).findByText(/\$1\.00 each \(was \$1\.50\)/)).toBeTruthy();
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.25');

    await payExact();
    const approval = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(within(approval).getByText(reason)).toBeTruthy();
    const pin = await within(approval).findByLabelText('Their PIN');
    await person().type(pin, '0000');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await within(approval).findByText('The PIN does not match.')).toBeTruthy();
    await userEvent.clear(pin);
    await person().type(pin, '4321');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect((await screen.findAllByText(/MAIN-000001/)).length).toBeGreaterThan(0);

    expect(bodies).toHaveLength(3);
    expect(bodies[0]?.lines).toEqual([{ variantId: 21, quantity: 1, discount: null, unitPrice: 100 }]);
    expect(bodies[0]?.total).toBe(125);
    expect(bodies[0]?.approval).toBeUndefined();
    expect(bodies[1]?.approval).toEqual({ approverId: 1, pin: '0000' });
    expect(bodies[2]?.approval).toEqual({ approverId: 1, pin: '4321' });
    expect(new Set(bodies.map((body) => body.uuid)).size).toBe(1);
  });

  it('keeps the new price in the saved sale, and puts the catalogue price back', async () => {
    renderSell();
    await ringUpCola();
    await userEvent.click(within(await changeColaPrice('1.20')).getByRole('button', { name: 'Apply' }));
    await within(await saleLines()).findByText(/\$1\.20 each/);
    await waitFor(() => expect(window.localStorage.getItem('tillbook.sell.cart.3')).toContain('"unitPrice":120'));
    cleanup();

    renderSell();
    expect(await within(await saleLines()).findByText(/\$1\.20 each \(was \$1\.50\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change price of Cola Zero 330 ml' }));
    const dialog = await screen.findByRole('dialog', { name: 'Price of Cola Zero 330 ml' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Catalogue price' }));
    expect(await within(await saleLines()).findByText(/\$1\.50 each/)).toBeTruthy();
    expect(screen.queryByText(/was \$1\.50/)).toBeNull();
  });

  it('says when a discount is above the cashier’s right, and not within it or when the shop allows the price', async () => {
    renderSell({ settings: { cashierRights: { refundUpTo: 0, discountUpToE4: 100_000, priceOverride: true, noSale: false, closeDifferenceUpTo: 0, noReceiptReturns: "never", noReceiptMoneyUpTo: 0 } } });
    await ringUpCola();
    await userEvent.click(screen.getByRole('button', { name: 'Discount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discount on Cola Zero 330 ml' });
    const input = within(dialog).getByRole('textbox');
    await person().type(input, '5');
    expect(within(dialog).queryByText(/a manager will approve at payment/)).toBeNull();
    await person().type(input, '0');
    expect(within(dialog).getByText('Above 10 %: a manager will approve at payment.')).toBeTruthy();
    // An amount counts as its share of the line: 0.50 off 1.50 is a third.
    await userEvent.click(within(dialog).getByRole('radio', { name: /Amount/ }));
    await userEvent.clear(input);
    await person().type(input, '0.10');
    expect(within(dialog).queryByText(/a manager will approve at payment/)).toBeNull();
    await userEvent.clear(input);
    await person().type(input, '0.50');
    expect(within(dialog).getByText('Above 10 %: a manager will approve at payment.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const price = await changeColaPrice('1.00');
    expect(within(price).queryByText(priceApprovalNote)).toBeNull();
  });
});
