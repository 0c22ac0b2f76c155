import { defaultShopSettings, type GiftCardPaymentInput, type PaymentInput } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { answerGiftCards, giftCardOf, person } from './sell-page.fixtures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The payment dialog for 20.00 of goods, with `sold` gift cards on the sale. */
function renderPayment(sold: Array<{ code: string; amount: number }> = []) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, currency: 'USD', locale: 'en-US' } })));
  const onComplete = vi.fn<(payments: PaymentInput[], points: number, storeCredit: number, giftCards: GiftCardPaymentInput[]) => void>();
  renderScreen(<PaymentDialog open total={2000} giftCards={{ sold, refusals: {} }} isSubmitting={false} error={null} onCancel={vi.fn()} onComplete={onComplete} />);
  return { onComplete };
}

const codeField = () => screen.getByLabelText('Gift card code');
const amountField = () => screen.getByLabelText('Gift card amount');
const stillDue = () => screen.getByTestId('still-due').textContent;

/** F7, then the code typed by a person and Enter (it looks the card up). */
async function enterCode(code: string) {
  await userEvent.keyboard('{F7}');
  await waitFor(() => expect(document.activeElement).toBe(codeField()));
  await person().type(codeField(), `${code}{Enter}`);
}

describe('PaymentDialog with gift cards', () => {
  it('takes two cards and the rest in cash; a card comes off again with Remove', async () => {
    answerGiftCards([giftCardOf('6000111122223333', 500), giftCardOf('6000444455556666', 5000)]);
    const { onComplete } = renderPayment();
    await enterCode('6000111122223333');
    await waitFor(() => expect(amountField()).toHaveProperty('value', '5.00'));
    await userEvent.keyboard('{Enter}');
    expect(stillDue()).toBe('$15.00');

    await enterCode('6000444455556666');
    await waitFor(() => expect(amountField()).toHaveProperty('value', '15.00'));
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '10{Enter}');
    expect(stillDue()).toBe('$5.00');
    const list = within(screen.getByRole('list', { name: 'Payments' }));
    expect(list.getByText('•••• 3333')).toBeTruthy();
    expect(list.getByText('•••• 6666')).toBeTruthy();

    await userEvent.click(list.getByRole('button', { name: 'Remove Gift card •••• 6666 $10.00' }));
    expect(stillDue()).toBe('$15.00');
    await userEvent.click(screen.getByRole('button', { name: 'Exact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(onComplete).toHaveBeenCalledWith([{ tender: 'cash', amount: 1500 }], 0, 0, [{ code: '6000111122223333', amount: 500 }]);
  });

  it('shows the lookup’s refusal on the code field, and keeps the code typed', async () => {
    answerGiftCards([]);
    renderPayment();
    await enterCode('6000 9999 9999 9999');
    expect(await screen.findByText('No gift card has this code.')).toBeTruthy();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField()).toHaveProperty('value', '6000 9999 9999 9999');

    server.use(rest.get('/api/gift-cards/lookup', () => invalid({ code: ['A gift card code has 6 to 32 letters and digits.'] })));
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('A gift card code has 6 to 32 letters and digits.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('says at once when a card has expired, is used up, or is on the sale already', async () => {
    answerGiftCards([
      giftCardOf('6000000011112222', 900, { status: 'expired', expiresAt: '2025-01-01T00:00:00.000Z' }),
      giftCardOf('6000333344445555', 0),
      giftCardOf('6000444455556666', 300),
    ]);
    renderPayment();
    await enterCode('6000000011112222');
    expect(await screen.findByText('This gift card has expired.')).toBeTruthy();
    await userEvent.clear(codeField());
    await person().type(codeField(), '6000333344445555{Enter}');
    expect(await screen.findByText('This gift card has been used up.')).toBeTruthy();
    await userEvent.clear(codeField());
    await person().type(codeField(), '6000444455556666{Enter}');
    await waitFor(() => expect(amountField()).toHaveProperty('value', '3.00'));
    await userEvent.keyboard('{Enter}');
    await enterCode('6000 4444 5555 6666');
    expect(await screen.findByText('This gift card is on the sale already.')).toBeTruthy();
  });

  it('pays only for goods, never for the gift cards the sale sells', async () => {
    answerGiftCards([giftCardOf('6000444455556666', 5000)]);
    renderPayment([{ code: '6000111122223333', amount: 2500 }]);
    expect(screen.getByTestId('payment-total').textContent).toBe('To pay $45.00goods $20.00 + gift cards $25.00');
    expect(stillDue()).toBe('$45.00');
    await enterCode('6000444455556666');
    // The lower of the balance (50.00) and what the goods owe (20.00).
    await waitFor(() => expect(amountField()).toHaveProperty('value', '20.00'));
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '30{Enter}');
    expect(screen.getByText('Gift cards may pay at most $20.00 of this sale (they pay for goods, not for other gift cards).')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();

    await userEvent.clear(codeField());
    await person().type(codeField(), '6000111122223333{Enter}');
    expect(await screen.findByText('This gift card is sold on this sale: it can be spent on the next one.')).toBeTruthy();
  });

  it('refuses gift cards while offline, and looks nothing up', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const asked = answerGiftCards([giftCardOf('6000444455556666', 5000)]);
    renderPayment();
    await enterCode('6000444455556666');
    expect(screen.getAllByText('Gift cards need the connection: take another tender or try again when online.').length).toBeGreaterThan(0);
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);
  });

  it('says the server cannot be reached in the same words when the lookup gets no answer', async () => {
    server.use(rest.get('/api/gift-cards/lookup', () => HttpResponse.error()));
    renderPayment();
    await enterCode('6000444455556666');
    expect(await screen.findByText('Gift cards need the connection: take another tender or try again when online.')).toBeTruthy();
  });
});
