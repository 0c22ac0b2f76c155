import { defaultShopSettings, type PaymentInput } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { saleForReturn } from './return.fixtures.ts';
import { ShortcutBar, useShortcuts } from './shortcut-bar.tsx';
import { useTillExchange } from './till-exchange.tsx';

type Complete = (payments: PaymentInput[], points: number, storeCredit: number) => void;

/** The till's bar with Return, the exchange's banner and the payment dialog for a sale of `total`, as till.tsx puts them together. */
function TillWithExchange({ total, onComplete }: { total: number; onComplete: Complete }) {
  const exchanges = useTillExchange({ id: 5, registerId: 1, registerName: 'Till 1' });
  useShortcuts([exchanges.tillReturn.shortcut], !exchanges.tillReturn.isOpen);
  return (
    <>
      <ShortcutBar shortcuts={[exchanges.tillReturn.shortcut]} />
      {exchanges.banner}
      {exchanges.tillReturn.dialog}
      {exchanges.exchange && (
        <PaymentDialog open total={total} exchange={exchanges.payment} isSubmitting={false} error={null} onCancel={vi.fn()} onComplete={onComplete} />
      )}
    </>
  );
}

/** Takes one of the sale's two shirts (30.00) back as an exchange. */
async function exchangeOneShirt(total: number) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, currency: 'USD', locale: 'en-US' } })),
    rest.get('/api/orders/lookup', () => HttpResponse.json({ data: saleForReturn })),
  );
  const onComplete = vi.fn<Complete>();
  const { user } = renderScreen(<TillWithExchange total={total} onComplete={onComplete} />, { path: '/registers/1/sell', signedInAs: cashier });
  await user.keyboard('{F3}');
  const dialog = within(await screen.findByRole('dialog', { name: 'Return' }));
  await user.type(dialog.getByRole('textbox', { name: 'Receipt or order number' }), 'MAIN-000041{Enter}');
  await dialog.findByRole('region', { name: 'Sale' });
  await user.click(dialog.getByRole('button', { name: 'Exchange' }));
  return { user, dialog, onComplete };
}

type Opened = Awaited<ReturnType<typeof exchangeOneShirt>>;

/** One shirt for `reason`, then Exchange: the payment dialog of the new sale. */
async function shirtPays(user: Opened['user'], dialog: Opened['dialog'], reason: string) {
  await user.click(dialog.getByRole('button', { name: 'One more of Linen shirt · M / Blue' }));
  await user.click(dialog.getByRole('button', { name: reason }));
  await user.click(dialog.getByRole('button', { name: 'Exchange' }));
  return within(await screen.findByRole('dialog', { name: 'Take payment' }));
}

describe('exchanges at the till', () => {
  it('asks for the items and the reason, then takes the goods into the sale and says what they are worth', async () => {
    const { user, dialog } = await exchangeOneShirt(3200);
    expect((dialog.getByRole('button', { name: 'Exchange' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'One more of Linen shirt · M / Blue' }));
    await user.click(dialog.getByRole('button', { name: 'Exchange' }));
    expect(dialog.getByText('The reason field is required.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Wrong size' }));
    await user.click(dialog.getByRole('button', { name: 'Exchange' }));

    expect(screen.queryByRole('dialog', { name: 'Return' })).toBeNull();
    expect(screen.getByText(/Exchange: 1 item back from MAIN-000041, worth/).textContent).toContain('$30.00');
  });

  it('lets the returned goods pay first and the customer the difference, and cancels back to a plain sale', async () => {
    const { user, dialog, onComplete } = await exchangeOneShirt(3200);
    const payment = await shirtPays(user, dialog, 'Wrong size');
    expect(payment.getByTestId('exchange-pays').textContent).toBe('Returned goods from MAIN-000041 pay $30.00');
    expect(payment.getByTestId('still-due').textContent).toBe('$2.00');
    await user.click(payment.getByRole('button', { name: 'Exact' }));
    await user.click(payment.getByRole('button', { name: 'Complete exchange' }));
    expect(onComplete).toHaveBeenCalledWith([{ tender: 'cash', amount: 200 }], 0, 0, []);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel exchange' }));
    expect(screen.queryByText(/Exchange: 1 item back/)).toBeNull();
  });

  it('says what to give back when the returned goods are worth more than the new sale', async () => {
    const { user, dialog, onComplete } = await exchangeOneShirt(800);
    const payment = await shirtPays(user, dialog, 'Faulty');
    expect(payment.getByTestId('exchange-pays').textContent).toContain('Returned goods from MAIN-000041 pay $8.00');
    // 22.00 more: as the sale was paid, the cash it can still give back (16.00) first, then the card.
    expect(payment.getByText('The returned goods are worth $22.00 more: give back $16.00 in cash from the drawer, $6.00 back to the card.')).toBeTruthy();
    expect(payment.getByTestId('still-due').textContent).toBe('$0.00');
    await user.click(payment.getByRole('button', { name: 'Complete exchange' }));
    expect(onComplete).toHaveBeenCalledWith([], 0, 0, []);
  });
});
