import { defaultShopSettings, type Order, type ReceiptTemplate } from '@tillbook/contract';
import type { OrderNotifyInput } from '@tillbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { SaleReceipt } from './sale-receipt.tsx';

const template: ReceiptTemplate = {
  id: 3,
  name: 'Compact 58 mm',
  paperWidth: 58,
  header: 'Harbour Road 4',
  footer: 'See you soon',
  showLogo: false,
  showCashier: true,
  showCustomer: true,
  showTaxBreakdown: true,
  showOrderBarcode: true,
  showLoyaltyPoints: false,
  showNote: true,
  basedOnId: null,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const vat = { id: 1, name: 'VAT', rateE4: 200_000, isInclusive: true, isCompound: false };
const line = { productId: 1, variantId: 1, sku: 'SKU-1', orderDiscount: 0, chargeTotal: 0, charges: [] };

// Two coffees at 3.50 (0.50 off) and a T-shirt in M / Red; 20 % VAT inside the prices; coupon 1.00.
const order: Order = {
  id: 41,
  uuid: '3f0c8a52-7a51-4d43-9f7e-1f7b0c9a3e21',
  number: 'MAIN-000042',
  status: 'paid',
  outletId: 1,
  outletName: 'Main',
  registerId: 2,
  registerName: 'Till 1',
  cashboxSessionId: 5,
  userId: 2,
  cashierName: 'Carl Cash',
  customerId: 9,
  customerName: 'Alex Morgan',
  customerEmail: null,
  couponId: 4,
  couponCode: 'SPRING',
  subtotal: 2700,
  lineDiscountTotal: 50,
  orderDiscountTotal: 100,
  discountTotal: 150,
  chargeTotal: 0,
  netTotal: 2125,
  taxTotal: 425,
  total: 2550,
  paid: 3000,
  change: 450,
  storeCreditPaid: 0,
  giftCardsSold: 0,
  giftCardsPaid: 0,
  exchangeCredit: 0,
  note: 'Gift wrap the shirt',
  receiptTemplateId: 3,
  lines: [
    { ...line, id: 1, title: 'Flat white', variantName: '', quantity: 2, unitPrice: 350, gross: 700, discount: 50, taxTotal: 102, total: 617, taxes: [] },
    { ...line, id: 2, title: 'T-shirt', variantName: 'M / Red', quantity: 1, unitPrice: 2000, gross: 2000, discount: 0, taxTotal: 323, total: 1933, taxes: [] },
  ],
  payments: [
    { id: 1, tender: 'card', amount: 1000, tendered: 1000, change: 0, reference: 'AUTH 4471' },
    { id: 2, tender: 'cash', amount: 1550, tendered: 2000, change: 450, reference: null },
  ],
  loyalty: null,
  taxes: [{ ...vat, base: 2125, amount: 425 }],
  createdAt: '2026-03-14T10:42:00.000Z',
};

function renderReceipt(overrides: Partial<Order> = {}, templateOverrides: Partial<ReceiptTemplate> = {}) {
  const sent = recordRequests();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, businessName: 'Corner Shop', currency: 'USD', locale: 'en-US' } })),
    rest.get('/api/receipts/3', () => HttpResponse.json({ data: { ...template, ...templateOverrides } })),
  );
  const onNewSale = vi.fn();
  renderScreen(<SaleReceipt order={{ ...order, ...overrides }} onNewSale={onNewSale} />);
  return { onNewSale, sent };
}

/** Each e-mail of the receipt asked for: what was sent, answered by `answer` (the how-manieth it is, from 1). */
function answerNotify(answer: (count: number) => Response) {
  const asked: OrderNotifyInput[] = [];
  server.use(
    rest.post('/api/orders/41/notify', async ({ request }) => {
      asked.push((await request.json()) as OrderNotifyInput);
      return answer(asked.length);
    }),
  );
  return asked;
}

describe('SaleReceipt', () => {
  it('shows the order number, the change in large type and the receipt in the register’s template', async () => {
    const { sent } = renderReceipt();
    expect(screen.getByRole('heading', { name: 'Sale complete' })).toBeTruthy();
    expect(screen.getByText('MAIN-000042')).toBeTruthy();
    expect(screen.getByTestId('change-due').textContent).toBe('$4.50');

    const receipt = await screen.findByRole('figure', { name: 'Receipt on 58 mm paper' });
    expect(sent.find('GET', '/api/receipts/3')).toBeTruthy();
    const rows = Array.from(receipt.querySelectorAll('.whitespace-pre'), (row) => row.textContent?.trimEnd() ?? '');
    const find = (start: string) => rows.find((row) => row.trimStart().startsWith(start)) ?? '';
    expect(find('Corner Shop')).toBeTruthy();
    expect(find('Harbour Road 4')).toBeTruthy();
    expect(rows).toContain('Order MAIN-000042');
    // In the shop's locale (en-US), in the register's own time zone.
    expect(rows).toContain(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(order.createdAt)));
    expect(find('Mar 14, 2026')).toBeTruthy();
    expect(rows).toContain('Cashier: Carl Cash');
    expect(rows).toContain('Customer: Alex Morgan');
    expect(find('2 x Flat white')).toMatch(/\$7\.00$/);
    expect(rows).toContain('    @ $3.50');
    expect(find('Discount')).toMatch(/-\$0\.50$/);
    expect(find('1 x T-shirt (M / Red)')).toMatch(/\$20\.00$/);
    expect(find('Subtotal')).toMatch(/\$27\.00$/);
    expect(find('Line discounts')).toMatch(/-\$0\.50$/);
    expect(find('Coupon SPRING')).toMatch(/-\$1\.00$/);
    expect(find('incl. VAT 20%')).toMatch(/\$4\.25$/);
    expect(find('TOTAL')).toMatch(/\$25\.50$/);
    expect(find('Card AUTH 4471')).toMatch(/\$10\.00$/);
    expect(rows.some((row) => /^Cash +\$20\.00$/.test(row))).toBe(true);
    expect(find('Change')).toMatch(/\$4\.50$/);
    expect(find('Note: Gift wrap the shirt')).toBeTruthy();
    // bwip-js loads with the first barcode, so the picture comes a moment after the rows.
    expect(await screen.findByRole('img', { name: 'Barcode MAIN-000042' })).toBeTruthy();
    expect(rows.every((row) => row.length <= 32)).toBe(true);
  });

  it('shows the points the sale earned and paid, on the screen and on a receipt whose template shows loyalty points', async () => {
    // The coupon's place taken by a 1.00 reward; 12.50 of the 25.50 paid with 1,250 points, the rest by card and cash.
    const loyalty = { rewardId: 3, rewardName: 'Loyal 1.00 off', rewardKind: 'amount' as const, rewardPoints: 200, rewardDiscount: 100, pointsRedeemed: 1450, pointsPaid: 1250, pointsEarned: 25, balanceAfter: 1275 };
    const withPoints = { couponId: null, couponCode: null, paid: 1750, change: 450, loyalty, payments: [{ id: 2, tender: 'cash' as const, amount: 1300, tendered: 1750, change: 450, reference: null }] };
    const rowsOf = async () => {
      const receipt = await screen.findByRole('figure', { name: 'Receipt on 58 mm paper' });
      return Array.from(receipt.querySelectorAll('.whitespace-pre'), (row) => row.textContent?.trimEnd() ?? '');
    };
    renderReceipt(withPoints, { showLoyaltyPoints: true });
    expect(screen.getByTestId('sale-points').textContent).toBe('Reward: Loyal 1.00 off −$1.00 · Paid with points: $12.50 · Points earned: 25 · Points balance: 1,275');
    const rows = await rowsOf();
    const find = (start: string) => rows.find((row) => row.trimStart().startsWith(start)) ?? '';
    expect(find('Reward: Loyal 1.00 off')).toMatch(/-\$1\.00$/);
    expect(find('Coupon')).toBe('');
    expect(rows.join('\n')).toMatch(/Paid with points: 1,250\n\s*points +\$12\.50/);
    expect(find('Points earned')).toMatch(/ 25$/);
    expect(find('Points balance')).toMatch(/ 1,275$/);
    cleanup();

    renderReceipt(withPoints);
    const plain = await rowsOf();
    expect(plain.some((row) => row.startsWith('Points earned') || row.startsWith('Points balance'))).toBe(false);
    expect(plain.some((row) => row.startsWith('Paid with points'))).toBe(true);
  });

  it('prints only the receipt, on paper of the template’s width', async () => {
    renderReceipt();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await screen.findByRole('figure', { name: 'Receipt on 58 mm paper' });
    await userEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
    const style = document.querySelector('[data-print-receipt] style')?.textContent ?? '';
    expect(style).toMatch(/@page \{ size: 58mm \d+mm; margin: 0; \}/);
  });

  it('starts the next sale with the button, Enter or F10', async () => {
    const { onNewSale } = renderReceipt();
    await userEvent.click(screen.getByRole('button', { name: /new sale/i }));
    expect(onNewSale).toHaveBeenCalledTimes(1);
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{F10}');
    await userEvent.keyboard('{Enter}');
    expect(onNewSale).toHaveBeenCalledTimes(3);
  });

  it('shows no change panel when the sale was paid exactly', async () => {
    renderReceipt({ change: 0, paid: 2550, payments: [{ id: 1, tender: 'card', amount: 2550, tendered: 2550, change: 0, reference: null }] });
    await screen.findByRole('figure', { name: 'Receipt on 58 mm paper' });
    expect(screen.queryByTestId('change-due')).toBeNull();
  });

  it('e-mails the receipt to the customer’s address and says where it went', async () => {
    const asked = answerNotify(() => HttpResponse.json({ data: { sentTo: 'ada@example.com', messageId: '<1@corner.example>' } }));
    renderReceipt({ customerEmail: 'ada@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'E-mail receipt' }));
    await waitFor(() => expect(asked).toEqual([{}]));
    expect(await screen.findByText('Receipt sent to ada@example.com.')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
  });

  it('shows the server’s reason when e-mail is not set up', async () => {
    const message = 'E-mail is not set up on this server. Ask an administrator to set SMTP_URL.';
    answerNotify(() => HttpResponse.json({ message }, { status: 503 }));
    renderReceipt({ customerEmail: 'ada@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'E-mail receipt' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('asks for an address when the sale has none, and puts a refusal on the field', async () => {
    const refusal = 'The e-mail address must be a valid e-mail address.';
    const asked = answerNotify((count) =>
      count === 1 ? invalid({ email: [refusal] }, refusal) : HttpResponse.json({ data: { sentTo: 'grace@example.com', messageId: '<2@corner.example>' } }),
    );
    const { onNewSale } = renderReceipt();
    expect(screen.queryByRole('button', { name: 'Print receipt' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'E-mail receipt' }));

    const field = screen.getByLabelText('E-mail address');
    await userEvent.type(field, 'grace@example{Enter}');
    await waitFor(() => expect(asked.at(-1)).toEqual({ email: 'grace@example' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(field, '.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ email: 'grace@example.com' }));
    expect(await screen.findByText('Receipt sent to grace@example.com.')).toBeTruthy();
    // Enter in the field sends the receipt; it does not start the next sale.
    expect(onNewSale).not.toHaveBeenCalled();
  });
});
