import { formatMoney, type Refund } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleRefundReceiptDocument } from '../../components/receipt/refund-receipt.fixtures.ts';
import { administrator } from '../../testing/fixtures.ts';
import { buildOrder, mockOrderGets } from '../../testing/orders.fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { RefundsSection } from './refunds-section.tsx';

const refund: Refund = {
  id: 3,
  orderId: 41,
  number: 'MAIN-000041-R1',
  outletId: 1,
  registerId: 2,
  cashboxSessionId: 5,
  userId: 1,
  userName: 'Ada Lovelace',
  reason: 'Too small',
  netTotal: 2500,
  taxTotal: 500,
  total: 3000,
  taxes: [],
  lines: [],
  payments: [{ id: 9, tender: 'cash', amount: 3000, reference: null }],
  points: null,
  storeCredit: 0,
  giftCard: 0,
  giftCards: [],
  exchange: null,
  approval: null,
  createdAt: '2026-11-22T15:00:00.000Z',
};

describe("An order's refunds", () => {
  it('open each refund’s receipt, headed REFUND, ready to print or e-mail', async () => {
    const money = (minor: number) => formatMoney(minor, { currency: 'USD', locale: 'en-US' });
    mockOrderGets({ '/api/orders/41/refunds': { data: [refund] }, '/api/refunds/3/receipt': { data: sampleRefundReceiptDocument(money) } });
    const { user } = renderScreen(<RefundsSection order={buildOrder()} />, { signedInAs: administrator });
    await user.click(await screen.findByRole('button', { name: 'Receipt of refund MAIN-000041-R1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund receipt MAIN-000041-R1' }));
    expect(await dialog.findByText('Original order MAIN-000041')).toBeTruthy();
    expect(dialog.getByText(/\*\*\* REFUND \*\*\*/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'E-mail receipt' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
