import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse, invalid } from '../../testing/server.ts';
import { answerGiftCards, answerSales, dropCatalogues, giftCardOf, orderOf, person, renderSell, ringUpCola, saleLines } from './sell-page.fixtures.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await dropCatalogues();
});

const giftCardLines = () => screen.findByRole('list', { name: 'Gift cards sold' });

/** F1, the code and the amount typed by a person, and Add: the dialog it was done in. */
async function sellGiftCard(code: string, amount: string) {
  await userEvent.keyboard('{F1}');
  const dialog = await screen.findByRole('dialog', { name: 'Sell a gift card' });
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Gift card code')));
  if (code) await person().type(within(dialog).getByLabelText('Gift card code'), code);
  if (amount) await person().type(within(dialog).getByLabelText('Amount'), amount);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the sale' }));
  return dialog;
}

describe('SellPage selling a gift card', () => {
  it('adds the card as a line apart from the goods, asks for goods + card, and sends it outside the total', async () => {
    renderSell();
    answerGiftCards([]);
    const bodies = answerSales((body) => HttpResponse.json({ data: orderOf(body) }));
    await ringUpCola();
    await sellGiftCard('6000 1111 2222 3333', '25');
    const line = within(await giftCardLines()).getByText(/Gift card/).closest('li')!;
    expect(line.textContent).toContain('Gift card 6000 1111 2222 3333$25.00');
    // The goods' total stays the goods'; the customer pays both.
    expect(screen.getByLabelText('Sale total').textContent).toBe('$1.75');
    expect(within(await saleLines()).queryByText(/Gift card/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Pay \$26\.75/ })).toBeTruthy();

    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    expect(within(payment).getByTestId('payment-total').textContent).toBe('To pay $26.75goods $1.75 + gift cards $25.00');
    expect(within(payment).getByTestId('still-due').textContent).toBe('$26.75');
    await userEvent.click(within(payment).getByRole('button', { name: '$30.00' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));

    expect(await screen.findByText('Sale complete')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ total: 175, giftCards: [{ code: '6000111122223333', amount: 2500 }], payments: [{ tender: 'cash', amount: 3000 }] });
    expect(bodies[0]).not.toHaveProperty('giftCardPayments');
    expect(within(screen.getByRole('list', { name: 'Gift cards' })).getByText(/sold for/).textContent).toBe('Gift card 6000 1111 2222 3333 sold for $25.00');
    // The printed receipt: the card under the total, then what the customer paid in all.
    expect(await screen.findByText(/^Gift card 6000 1111 2222 3333 +\$25\.00$/)).toBeTruthy();
    expect(screen.getByText(/^To pay +\$26\.75$/)).toBeTruthy();
  });

  it('sells a gift card on its own: Pay takes the card’s amount and the sale goes without goods', async () => {
    renderSell();
    answerGiftCards([]);
    const bodies = answerSales((body) => HttpResponse.json({ data: orderOf(body) }));
    await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
    await sellGiftCard('6000 2222 3333 4444', '40');
    expect(await screen.findByText('Scan or search to add items, or take payment for the gift cards alone.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Pay \$40\.00/ }));
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    expect(within(payment).getByTestId('still-due').textContent).toBe('$40.00');
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Sale complete')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ lines: [], total: 0, giftCards: [{ code: '6000222233334444', amount: 4000 }], payments: [{ tender: 'cash', amount: 4000 }] });
  });

  it('says what is wrong on the right field, keeps what was typed, and refuses a code already on the sale', async () => {
    renderSell();
    answerGiftCards([giftCardOf('6000444455556666', 1200)]);
    await ringUpCola();
    const dialog = await sellGiftCard('12AB', '');
    expect(within(dialog).getByText('A gift card code has 6 to 32 letters and digits.')).toBeTruthy();
    expect(within(dialog).getByText('The gift card amount must be greater than zero.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Gift card code')).toHaveProperty('value', '12AB');

    const code = within(dialog).getByLabelText('Gift card code');
    await userEvent.clear(code);
    await person().type(code, '6000-4444-5555-6666{Enter}');
    // An existing card: the sale loads it again.
    expect((await within(dialog).findByTestId('gift-card-known')).textContent).toBe('Adds to the card’s $12.00 balance.');
    await person().type(within(dialog).getByLabelText('Amount'), '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the sale' }));
    expect(within(dialog).getByText('The gift card amount may be at most 10,000.00.')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await person().type(within(dialog).getByLabelText('Amount'), '10{Enter}');
    expect(within(await giftCardLines()).getByRole('button', { name: 'Remove Gift card 6000 4444 5555 6666' })).toBeTruthy();

    const again = await sellGiftCard('6000444455556666', '5');
    expect(within(again).getByText('This gift card is on the sale already.')).toBeTruthy();
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await giftCardLines()).getByRole('button', { name: 'Remove Gift card 6000 4444 5555 6666' }));
    expect(screen.queryByRole('list', { name: 'Gift cards sold' })).toBeNull();
  });

  it('takes a new code from "New code"', async () => {
    renderSell();
    await ringUpCola();
    await userEvent.keyboard('{F1}');
    const dialog = await screen.findByRole('dialog', { name: 'Sell a gift card' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'New code' }));
    expect((within(dialog).getByLabelText('Gift card code') as HTMLInputElement).value).toMatch(/^[1-9]\d{3}( \d{4}){3}$/);
    expect(within(dialog).getByText('A new card.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Amount')));
  });

  it('shows the server’s refusal of a card sold on its line, and keeps the card on a held sale', async () => {
    renderSell({ registerId: 72 });
    answerGiftCards([]);
    answerSales(() => invalid({ 'giftCards.0.amount': ['The gift card amount may be at most 10,000.00.'] }, 'Refused'));
    await ringUpCola();
    await sellGiftCard('6000111122223333', '25');
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect(await within(payment).findByText('Gift card 6000 1111 2222 3333 on the sale: The gift card amount may be at most 10,000.00.')).toBeTruthy();
    await userEvent.click(within(payment).getByRole('button', { name: /Cancel/ }));
    expect(within(await giftCardLines()).getByRole('alert').textContent).toBe('The gift card amount may be at most 10,000.00.');

    await userEvent.keyboard('{F8}');
    expect(await screen.findByText('Sale held: 1 item · $26.75.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Gift cards sold' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Held sales (1)' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Held sales (1)' })).getByRole('button', { name: 'Resume' }));
    expect(within(await giftCardLines()).getByText('6000 1111 2222 3333')).toBeTruthy();
  });

  it('refuses to sell a card while offline, keeping what was typed', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderSell();
    await ringUpCola();
    const dialog = await sellGiftCard('6000111122223333', '25');
    expect(within(dialog).getByRole('alert').textContent).toBe('Gift cards need the connection: sell the card when the till is online again.');
    expect(within(dialog).getByLabelText('Amount')).toHaveProperty('value', '25');
    expect(screen.queryByRole('list', { name: 'Gift cards sold' })).toBeNull();
  });
});

describe('SellPage paying with a gift card', () => {
  it('pays part with a card and the rest in cash, sending the card apart from the payments', async () => {
    renderSell();
    const asked = answerGiftCards([giftCardOf('6000444455556666', 100, { expiresAt: '2027-11-26T12:00:00.000Z' })]);
    const bodies = answerSales((body) => HttpResponse.json({ data: orderOf(body) }));
    await ringUpCola();
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.keyboard('{F7}');
    await waitFor(() => expect(document.activeElement).toBe(within(payment).getByLabelText('Gift card code')));
    await person().type(within(payment).getByLabelText('Gift card code'), '6000 4444 5555 6666{Enter}');
    expect((await within(payment).findByTestId('gift-card-found')).textContent).toBe('Gift card 6000 4444 5555 6666: $1.00 left · valid until Nov 26, 2027');
    expect(asked).toEqual(['6000444455556666']);
    // The lower of the balance and what the goods owe.
    expect(within(payment).getByLabelText('Gift card amount')).toHaveProperty('value', '1.00');
    await userEvent.keyboard('{Enter}');
    expect(within(within(payment).getByRole('list', { name: 'Payments' })).getByText('•••• 6666')).toBeTruthy();
    expect(within(payment).getByTestId('still-due').textContent).toBe('$0.75');
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));

    expect(await screen.findByText('Sale complete')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ total: 175, giftCardPayments: [{ code: '6000444455556666', amount: 100 }], payments: [{ tender: 'cash', amount: 75 }] });
    expect(bodies[0]).not.toHaveProperty('giftCards');
  });

  it('shows the server’s refusal on the card paying and reads its balance again', async () => {
    renderSell();
    answerGiftCards([giftCardOf('6000444455556666', 5000)]);
    answerSales(() => invalid({ 'giftCardPayments.0.amount': ['This gift card’s balance changed since the sale was priced (another sale used it): check the card and try again.'] }, 'Refused'));
    await ringUpCola();
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.keyboard('{F7}');
    await person().type(within(payment).getByLabelText('Gift card code'), '6000444455556666{Enter}');
    await within(payment).findByTestId('gift-card-found');
    await userEvent.keyboard('{Enter}');
    // Another till spends the card meanwhile.
    answerGiftCards([giftCardOf('6000444455556666', 100)]);
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect(await within(payment).findByText(/^Gift card •••• 6666: This gift card’s balance changed/)).toBeTruthy();
    const list = within(payment).getByRole('list', { name: 'Payments' });
    expect(await within(list).findByText('This gift card has $1.00 left.')).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'Complete sale' })).toHaveProperty('disabled', true);
  });
});
