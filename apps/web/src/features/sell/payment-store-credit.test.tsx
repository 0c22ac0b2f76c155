import { defaultRewardSettings, defaultShopSettings, type PaymentInput, type PointsSummary } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { emptyCart } from './cart.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { answerSales, dropCatalogues, orderOf, renderSell, ringUpCola } from './sell-page.fixtures.tsx';

/** The payment dialog for a 20.00 sale to a customer with `balance` of store credit (none: no tender). */
function renderPayment(balance: number | null) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, currency: 'USD', locale: 'en-US' } })));
  const onComplete = vi.fn<(payments: PaymentInput[], points: number, storeCredit: number) => void>();
  renderScreen(
    <PaymentDialog open total={2000} storeCredit={balance === null ? null : { balance }} isSubmitting={false} error={null} onCancel={vi.fn()} onComplete={onComplete} />,
  );
  return { onComplete };
}

const amountField = () => screen.getByRole('textbox', { name: /amount/i });
const stillDue = () => screen.getByTestId('still-due').textContent;

async function typeAmount(text: string) {
  await userEvent.clear(amountField());
  await userEvent.type(amountField(), text);
}

describe('PaymentDialog with store credit', () => {
  it('pays part with store credit and the rest in cash, sending the credit apart from the payments', async () => {
    const { onComplete } = renderPayment(1200);
    await userEvent.keyboard('{F6}');
    expect(screen.getByRole('button', { name: /store credit/i, pressed: true })).toBeTruthy();
    expect(screen.getByTestId('store-credit-available').textContent).toBe('Store credit: $12.00 available');
    // It starts from the most it may pay: the lower of the balance and what is due.
    expect(amountField()).toHaveProperty('value', '12.00');
    await typeAmount('5');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    const list = screen.getByRole('list', { name: 'Payments' });
    expect(within(list).getByText('Store credit')).toBeTruthy();
    expect(within(list).getByText('$5.00')).toBeTruthy();
    expect(stillDue()).toBe('$15.00');
    // Back on cash, with what is left to pay.
    expect(screen.getByRole('button', { name: /cash/i, pressed: true })).toBeTruthy();
    expect(amountField()).toHaveProperty('value', '15.00');
    await userEvent.click(screen.getByRole('button', { name: 'Exact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(onComplete).toHaveBeenCalledWith([{ tender: 'cash', amount: 1500 }], 0, 500, []);
  });

  it('pays the most it may with Max, and takes the credit off again', async () => {
    renderPayment(1200);
    await userEvent.click(screen.getByRole('button', { name: /store credit/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(within(screen.getByRole('list', { name: 'Payments' })).getByText('$12.00')).toBeTruthy();
    expect(stillDue()).toBe('$8.00');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Store credit $12.00' }));
    expect(stillDue()).toBe('$20.00');
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('says so when the amount is more than the customer has, and takes nothing', async () => {
    renderPayment(1200);
    // Alt+5 by key position, as F6: the digits stay with their tenders whichever are offered.
    await userEvent.keyboard('{Alt>}5{/Alt}');
    expect(screen.getByText(/Alt\+1\/2\/3\/5\/6 also pick the tender/)).toBeTruthy();
    await typeAmount('15');
    expect(screen.getByText('The customer’s store credit is $12.00.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
    expect(stillDue()).toBe('$20.00');
  });

  it('pays the whole sale when the credit reaches it', async () => {
    const { onComplete } = renderPayment(5000);
    await userEvent.keyboard('{F6}');
    expect(amountField()).toHaveProperty('value', '20.00');
    await userEvent.keyboard('{Enter}');
    expect(stillDue()).toBe('$0.00');
    await userEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(onComplete).toHaveBeenCalledWith([], 0, 2000, []);
  });

  it('offers no Store credit tender without credit', () => {
    renderPayment(null);
    expect(within(screen.getByRole('group', { name: 'Tender' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['CashF1', 'CardF2', 'OtherF3', 'Gift cardF7']);
  });
});

describe('SellPage with a customer’s store credit', () => {
  afterEach(dropCatalogues);

  const alex: Omit<PointsSummary, 'customerId'> = { balance: 0, value: 0, refusal: null, rewards: [], next: null, storeCredit: 100 };

  it('sends the credit with the sale; when another till spent it, says why and reads the balance again', async () => {
    const cart = { ...emptyCart(), customer: { id: 8, name: 'Alex Morgan', email: null, pointsBalance: 0 } };
    window.localStorage.setItem('tillbook.sell.cart.3', JSON.stringify(cart));
    renderSell({ rewardSettings: defaultRewardSettings, points: alex });
    const bodies = answerSales((body, count) =>
      count === 1 ? invalid({ storeCredit: ['The customer’s store credit changed since the sale was priced.'] }, 'Refused') : HttpResponse.json({ data: orderOf(body) }),
    );
    await ringUpCola();
    await userEvent.keyboard('{F9}');
    const payment = await screen.findByRole('dialog', { name: 'Take payment' });
    await userEvent.keyboard('{F6}');
    expect(within(payment).getByTestId('store-credit-available').textContent).toBe('Store credit: $1.00 available');
    await userEvent.keyboard('{Enter}');
    expect(within(payment).getByTestId('still-due').textContent).toBe('$0.75');
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    // Another till spends the credit meanwhile: the server refuses, and the balance is read again.
    server.use(rest.get('/api/rewards/points', () => HttpResponse.json({ data: { ...alex, customerId: 8, storeCredit: 40 } })));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    expect(await within(payment).findByText('The customer’s store credit changed since the sale was priced.')).toBeTruthy();
    expect(await within(payment).findByText('The customer’s store credit is $0.40.')).toBeTruthy();
    expect(within(payment).getByRole('button', { name: 'Complete sale' })).toHaveProperty('disabled', true);
    expect(bodies[0]).toMatchObject({ customerId: 8, storeCredit: 100, payments: [{ tender: 'cash', amount: 75 }], total: 175 });

    await userEvent.click(within(payment).getByRole('button', { name: 'Remove Store credit $1.00' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
    await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty('storeCredit');
  });
});
