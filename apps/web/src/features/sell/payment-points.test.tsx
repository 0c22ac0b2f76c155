import { defaultRewardSettings, defaultShopSettings, type PaymentInput, type RewardSettings } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { cartReducer, emptyCart, priceCartState, type CustomerLoyalty } from './cart.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { pointsTenderOf } from './use-points-tender.ts';

// 100 points = 1.00 when paying.
const rules: RewardSettings = { ...defaultRewardSettings, redemption: { ...defaultRewardSettings.redemption, enabled: true } };
const shirt = { variantId: 1, productId: 1, title: 'Shirt', variantName: '', sku: 'S-1', unitPrice: 2000, taxes: [], charges: [], categoryIds: [] };

/** The payment dialog for a 20.00 sale to a customer with `balance` points, under `redemption` rules. */
function renderPayment(balance: number, redemption: Partial<RewardSettings['redemption']> = {}) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, currency: 'USD', locale: 'en-US' } })));
  const state = [
    { type: 'add', item: shirt, stock: null },
    { type: 'setCustomer', customer: { id: 4, name: 'Alex Morgan', email: null, pointsBalance: balance } },
  ].reduce((s, action) => cartReducer(s, action as Parameters<typeof cartReducer>[1]), emptyCart());
  const customer: CustomerLoyalty = { rules: { ...rules, redemption: { ...rules.redemption, ...redemption } }, balance };
  const priced = priceCartState(state, 'line', customer);
  const onComplete = vi.fn<(payments: PaymentInput[], points: number, storeCredit: number) => void>();
  renderScreen(
    <PaymentDialog open total={priced.cart.total} points={pointsTenderOf(state, priced, customer, 'line')} isSubmitting={false} error={null} onCancel={vi.fn()} onComplete={onComplete} />,
  );
  return { onComplete };
}

const amountField = () => screen.getByRole('textbox', { name: /amount/i });
const stillDue = () => screen.getByTestId('still-due').textContent;

async function typeAmount(text: string) {
  await userEvent.clear(amountField());
  await userEvent.type(amountField(), text);
}

describe('PaymentDialog with points', () => {
  it('pays part with points and the rest in cash, sending the points apart from the payments', async () => {
    const { onComplete } = renderPayment(3000);
    await userEvent.keyboard('{F4}');
    expect(screen.getByRole('button', { name: /points/i, pressed: true })).toBeTruthy();
    expect(screen.getByText(/up to \$20\.00 of this sale/)).toBeTruthy();
    expect(amountField()).toHaveProperty('value', '20.00');
    await typeAmount('12.50');
    expect(screen.getByTestId('points-conversion').textContent).toBe('1,250 points = $12.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    const list = screen.getByRole('list', { name: 'Payments' });
    expect(within(list).getByText('1,250 points')).toBeTruthy();
    expect(within(list).getByText('$12.50')).toBeTruthy();
    expect(stillDue()).toBe('$7.50');
    // Back on cash, with what is left to pay.
    expect(screen.getByRole('button', { name: /cash/i, pressed: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '$10.00' }));
    expect(screen.getByTestId('change').textContent).toBe('$2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(onComplete).toHaveBeenCalledWith([{ tender: 'cash', amount: 1000 }], 1250, 0, []);
  });

  it('pays the most the shop allows with Max, and takes the points off again', async () => {
    renderPayment(3000, { maxShareE4: 500_000 });
    await userEvent.click(screen.getByRole('button', { name: /points/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(within(screen.getByRole('list', { name: 'Payments' })).getByText('1,000 points')).toBeTruthy();
    expect(stillDue()).toBe('$10.00');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Points $10.00' }));
    expect(stillDue()).toBe('$20.00');
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('says so when the amount is more than points may pay, and takes nothing', async () => {
    renderPayment(3000, { maxShareE4: 500_000 });
    await userEvent.keyboard('{F4}');
    await typeAmount('15');
    expect(screen.getByText('Points may pay at most 1,000 points’ worth of this sale.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
    expect(stillDue()).toBe('$20.00');
  });

  it('shows the minimum balance and offers no Max below it', async () => {
    renderPayment(300, { minimumBalance: 500 });
    await userEvent.keyboard('{Alt>}4{/Alt}');
    expect(screen.getByText('At least 500 points are needed to pay with points.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Max' })).toHaveProperty('disabled', true);
  });

  it('pays the whole sale with points when the balance reaches it', async () => {
    const { onComplete } = renderPayment(5000);
    await userEvent.keyboard('{F4}');
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(stillDue()).toBe('$0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(onComplete).toHaveBeenCalledWith([], 2000, 0, []);
  });

  it('offers no Points tender without points to pay with', () => {
    renderPayment(0);
    expect(within(screen.getByRole('group', { name: 'Tender' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['CashF1', 'CardF2', 'OtherF3', 'Gift cardF7']);
  });
});
