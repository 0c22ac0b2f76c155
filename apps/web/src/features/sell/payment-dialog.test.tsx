import { defaultShopSettings, type PaymentInput } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { quickCashAmounts } from './payment-quick-amounts.ts';

type Props = { total?: number; isSubmitting?: boolean; error?: string | null };

function renderDialog({ total = 3210, isSubmitting = false, error = null }: Props = {}) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, currency: 'USD', locale: 'en-US' } })));
  const onComplete = vi.fn<(payments: PaymentInput[], points: number, storeCredit: number) => void>();
  const onCancel = vi.fn();
  renderScreen(<PaymentDialog open total={total} isSubmitting={isSubmitting} error={error} onCancel={onCancel} onComplete={onComplete} />);
  return { onComplete, onCancel };
}

const amountField = () => screen.getByRole('textbox', { name: /amount/i });
const stillDue = () => screen.getByTestId('still-due').textContent;
const change = () => screen.getByTestId('change').textContent;
const completeButton = () => screen.getByRole('button', { name: /complete sale/i });

async function typeAmount(text: string) {
  await userEvent.clear(amountField());
  await userEvent.type(amountField(), text);
}

describe('PaymentDialog', () => {
  it('opens with what is due typed in and the amount field focused', async () => {
    renderDialog();
    expect(amountField()).toHaveProperty('value', '32.10');
    await waitFor(() => expect(document.activeElement).toBe(amountField()));
    expect(stillDue()).toBe('$32.10');
    expect(completeButton()).toHaveProperty('disabled', true);
  });

  it('takes part card, part cash, and shows the change', async () => {
    const { onComplete } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /^card/i }));
    await typeAmount('20');
    await userEvent.type(screen.getByRole('textbox', { name: /reference/i }), 'AUTH 4471');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(stillDue()).toBe('$12.10');
    expect(amountField()).toHaveProperty('value', '12.10');

    await userEvent.keyboard('{F1}');
    expect(screen.getByRole('button', { name: /cash/i, pressed: true })).toBeTruthy();
    await typeAmount('15{Enter}');
    expect(stillDue()).toBe('$0.00');
    expect(change()).toBe('$2.90');
    const list = screen.getByRole('list', { name: 'Payments' });
    expect(within(list).getByText('AUTH 4471')).toBeTruthy();
    expect(within(list).getByText('$15.00')).toBeTruthy();

    // The field is empty once the sale is paid, so Enter completes it.
    await userEvent.keyboard('{Enter}');
    expect(onComplete).toHaveBeenCalledWith([
      { tender: 'card', amount: 2000, reference: 'AUTH 4471' },
      { tender: 'cash', amount: 1500 },
    ], 0, 0, []);
  });

  it('refuses a card payment over what is due', async () => {
    const { onComplete } = renderDialog();
    await userEvent.keyboard('{F2}');
    await typeAmount('40{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Card and other payments may not exceed what is due: $7.90 too much was entered.');
    expect(change()).toBe('$0.00');
    expect(completeButton()).toHaveProperty('disabled', true);
    await userEvent.click(completeButton());
    expect(onComplete).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Card $40.00' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stillDue()).toBe('$32.10');
  });

  it('pays with a quick cash button and sends what was handed over', async () => {
    const { onComplete } = renderDialog();
    const quick = within(screen.getByRole('group', { name: 'Quick cash' })).getAllByRole('button').map((b) => b.textContent);
    expect(quick).toEqual(['Exact', '$33.00', '$35.00', '$40.00', '$50.00', '$100.00']);
    await userEvent.click(screen.getByRole('button', { name: '$50.00' }));
    expect(change()).toBe('$17.90');
    await userEvent.click(completeButton());
    expect(onComplete).toHaveBeenCalledWith([{ tender: 'cash', amount: 5000 }], 0, 0, []);
  });

  it('says what is wrong with a typed amount, never guessing', async () => {
    renderDialog();
    await typeAmount('12.345{Enter}');
    expect(screen.getByText('Use at most 2 decimals. Enter an amount like 1,234.50.')).toBeTruthy();
    await typeAmount('0{Enter}');
    expect(screen.getByText('Enter an amount greater than zero, like 1,234.50.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('shows the server message and reads "Processing" while the sale is sent', () => {
    renderDialog({ isSubmitting: true, error: 'The prices have changed since the sale was rung up.' });
    expect(screen.getByRole('alert').textContent).toContain('The prices have changed');
    expect(screen.getByRole('button', { name: 'Processing' })).toHaveProperty('disabled', true);
  });

  it('cancels with Escape and picks tenders with Alt+digits', async () => {
    const { onCancel } = renderDialog();
    await userEvent.keyboard('{Alt>}3{/Alt}');
    expect(screen.getByRole('button', { name: /other/i, pressed: true })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('quickCashAmounts', () => {
  it('offers the next round sums above the due', () => {
    expect(quickCashAmounts(3210, 2)).toEqual([3300, 3500, 4000, 5000, 10000]);
    expect(quickCashAmounts(3000, 2)).toEqual([4000, 5000, 10000]);
    expect(quickCashAmounts(1234, 0)).toEqual([1235, 1240, 1250, 1300]);
    expect(quickCashAmounts(0, 2)).toEqual([]);
  });
});
