import { describe, expect, it } from 'vitest';
import type { Order } from './orders.ts';
import { fallbackReceiptLayout, receiptRows, sampleReceiptOrder, toReceiptOrder, type ReceiptOrder } from './receipt-rows.ts';
import { textCells, wrapCells } from './receipt-text.ts';

const formatMoney = (minor: number) => `${(minor / 100).toFixed(2)} €`;
const LONG_NAME = 'Organic extra virgin olive oil from the hills of Andalusia cold pressed early harvest family estate reserve bottle 750ml';

function textRows(paperWidth: 58 | 80, order: ReceiptOrder) {
  return receiptRows({ ...fallbackReceiptLayout, paperWidth }, order, { businessName: 'Corner Shop', formatMoney }).flatMap((row) => ('text' in row ? [row.text] : []));
}

describe.each([
  [58, 32],
  [80, 48],
] as const)('receipt rows on %i mm paper', (paperWidth, width) => {
  const order: ReceiptOrder = {
    ...sampleReceiptOrder,
    customerName: 'Παπαδοπούλου-Κωνσταντινίδου Σοφία Αικατερίνη της Θεσσαλονίκης',
    lines: [
      { name: LONG_NAME, quantity: 2, total: 123_456_789 },
      { name: '東京 green tea 🍵👨‍👩‍👧', quantity: 1, total: 450 },
    ],
  };
  const rows = textRows(paperWidth, order);

  it('wraps a long name in full and ends its last row with the amount at the edge', () => {
    const start = rows.findIndex((row) => row.startsWith('2 x Organic'));
    const end = rows.findIndex((row) => row.endsWith(formatMoney(123_456_789)));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    expect(rows.slice(start, end + 1).join(' ').replace(/\s+/g, ' ')).toBe(`2 x ${LONG_NAME} ${formatMoney(123_456_789)}`);
    expect(textCells(rows[end]!)).toBe(width);
  });

  it('never makes a row wider than the paper, counting wide characters as two cells, and never cuts one', () => {
    for (const row of rows) expect(textCells(row), row).toBeLessThanOrEqual(width);
    const joined = rows.join('\n');
    expect(joined).toContain('👨‍👩‍👧');
    expect(joined).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(joined.replace(/\s+/g, ' ')).toContain('Customer: Παπαδοπούλου-Κωνσταντινίδου Σοφία Αικατερίνη της Θεσσαλονίκης');
  });
});

describe('wrapCells', () => {
  it('breaks a word longer than the line between characters, not inside one', () => {
    expect(wrapCells('😀😀😀😀😀', 4)).toEqual(['😀😀', '😀😀', '😀']);
    expect(wrapCells('one two three', 7, 2)).toEqual(['one two', '  three']);
  });
});

describe('loyalty on the receipt', () => {
  const line = { productId: 1, orderDiscount: 0, chargeTotal: 0, taxTotal: 0, taxes: [], charges: [] };
  // A flat white and a croissant; Alex pays 12.50 of it with 1,250 points and the rest in cash.
  const sale: Order = {
    id: 1, uuid: 'u', number: 'MAIN-000124', status: 'paid', outletId: 1, outletName: 'Main', registerId: 2, registerName: 'Till 1', cashboxSessionId: 5, userId: 2,
    cashierName: 'Sam Carter', customerId: 9, customerName: 'Alex Morgan', customerEmail: null, couponId: null, couponCode: null,
    subtotal: 3000, lineDiscountTotal: 0, orderDiscountTotal: 500, discountTotal: 500, chargeTotal: 0, netTotal: 2500, taxTotal: 0, total: 2500, paid: 1250, change: 0, storeCreditPaid: 0, giftCardsSold: 0, giftCardsPaid: 0,
    note: null, receiptTemplateId: null,
    lines: [
      { ...line, id: 1, variantId: 11, title: 'Flat white', variantName: '', sku: 'FW', quantity: 1, unitPrice: 350, gross: 350, discount: 0, total: 350 },
      { ...line, id: 2, variantId: 12, title: 'Cake', variantName: '', sku: 'CK', quantity: 1, unitPrice: 2650, gross: 2650, discount: 0, total: 2650 },
    ],
    payments: [{ id: 1, tender: 'cash', amount: 1250, tendered: 1250, change: 0, reference: null }],
    loyalty: { rewardId: 3, rewardName: '5.00 off', rewardKind: 'amount', rewardPoints: 500, rewardDiscount: 500, pointsRedeemed: 1750, pointsPaid: 1250, pointsEarned: 25, balanceAfter: 1275 },
    taxes: [],
    createdAt: '2026-03-14T10:42:00.000Z',
  };
  const settings = { locale: 'en-US', timeZone: 'UTC' };
  const rowsOf = (order: Order, showLoyaltyPoints: boolean) =>
    receiptRows({ ...fallbackReceiptLayout, showLoyaltyPoints }, toReceiptOrder(order, settings), { businessName: 'Corner Shop', formatMoney }).flatMap((row) =>
      'text' in row ? [row.text] : [],
    );
  const find = (rows: string[], start: string) => rows.find((row) => row.trimStart().startsWith(start)) ?? '';

  it('prints the points earned and the new balance when the template shows loyalty points', () => {
    const rows = rowsOf(sale, true);
    expect(find(rows, 'Points earned')).toMatch(/ 25$/);
    expect(find(rows, 'Points balance')).toMatch(/ 1,275$/);
    expect(rows.every((row) => textCells(row) <= 48)).toBe(true);
  });

  it('always prints the points among the payments and the reward among the discounts, so the figures add up', () => {
    for (const rows of [rowsOf(sale, true), rowsOf(sale, false)]) {
      expect(find(rows, 'Paid with points: 1,250 points')).toMatch(/12\.50 €$/);
      expect(find(rows, 'Reward: 5.00 off')).toMatch(/-5\.00 €$/);
      expect(find(rows, 'Order discount')).toBe('');
      // Points come after the money payments, before the change.
      expect(rows.indexOf(find(rows, 'Paid with points'))).toBeGreaterThan(rows.indexOf(find(rows, 'Cash')));
    }
    const plain = rowsOf(sale, false);
    expect(find(plain, 'Points earned')).toBe('');
    expect(find(plain, 'Points balance')).toBe('');
  });

  it('prints the store credit among the payments, after the points and before the change', () => {
    const withCredit: Order = { ...sale, paid: 1000, change: 250, storeCreditPaid: 500, payments: [{ id: 1, tender: 'cash', amount: 750, tendered: 1000, change: 250, reference: null }] };
    const rows = rowsOf(withCredit, false);
    expect(find(rows, 'Paid with store credit')).toMatch(/ 5\.00 €$/);
    expect(rows.indexOf(find(rows, 'Paid with store credit'))).toBeGreaterThan(rows.indexOf(find(rows, 'Paid with points')));
    expect(rows.indexOf(find(rows, 'Paid with store credit'))).toBeLessThan(rows.indexOf(find(rows, 'Change')));
    expect(find(rowsOf(sale, false), 'Paid with store credit')).toBe('');
  });

  it('names a free product’s discount under its line and among the discounts, apart from other line discounts', () => {
    const freeCoffee: Order = {
      ...sale,
      lineDiscountTotal: 450,
      orderDiscountTotal: 0,
      lines: [{ ...sale.lines[0]!, discount: 350, total: 0 }, { ...sale.lines[1]!, discount: 100, total: 2550 }],
      loyalty: { ...sale.loyalty!, rewardName: 'Free coffee', rewardKind: 'product', rewardPoints: 400, rewardDiscount: 350, pointsRedeemed: 400, pointsPaid: 0 },
    };
    const rows = rowsOf(freeCoffee, true);
    const coffee = rows.indexOf(find(rows, '1 x Flat white'));
    expect(rows[coffee + 1]).toMatch(/^ {4}Reward: Free coffee +-3\.50 €$/);
    expect(rows[rows.indexOf(find(rows, '1 x Cake')) + 1]).toMatch(/^ {4}Discount +-1\.00 €$/);
    expect(find(rows, 'Line discounts')).toMatch(/-1\.00 €$/);
    expect(rows.filter((row) => row.startsWith('Reward: Free coffee'))).toHaveLength(1);
    expect(find(rows, 'Paid with points')).toBe('');
  });

  it('prints no points for a sale without a customer, or one where loyalty had nothing to say', () => {
    expect(find(rowsOf({ ...sale, customerId: null, loyalty: null }, true), 'Points')).toBe('');
    const quiet = { ...sale, orderDiscountTotal: 0, loyalty: { ...sale.loyalty!, rewardId: null, rewardName: null, rewardDiscount: 0, pointsRedeemed: 0, pointsPaid: 0, pointsEarned: 0, balanceAfter: 0 } };
    expect(rowsOf(quiet, true).some((row) => row.includes('Points') || row.includes('points'))).toBe(false);
  });
});
