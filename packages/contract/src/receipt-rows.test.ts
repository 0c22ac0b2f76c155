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
    subtotal: 3000, lineDiscountTotal: 0, orderDiscountTotal: 500, discountTotal: 500, chargeTotal: 0, netTotal: 2500, taxTotal: 0, total: 2500, paid: 1250, change: 0, storeCreditPaid: 0, giftCardsSold: 0, giftCardsPaid: 0, exchangeCredit: 0,
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

describe('gift cards on the receipt', () => {
  const base: Order = {
    id: 2, uuid: 'u2', number: 'MAIN-000125', status: 'paid', outletId: 1, outletName: 'Main', registerId: 2, registerName: 'Till 1', cashboxSessionId: 5, userId: 2,
    cashierName: 'Sam Carter', customerId: null, customerName: null, customerEmail: null, couponId: null, couponCode: null,
    subtotal: 800, lineDiscountTotal: 0, orderDiscountTotal: 0, discountTotal: 0, chargeTotal: 0, netTotal: 800, taxTotal: 0, total: 800, paid: 4000, change: 700, storeCreditPaid: 0,
    giftCardsSold: 2500, giftCardsPaid: 0, exchangeCredit: 0, note: null, receiptTemplateId: null,
    lines: [{ productId: 1, orderDiscount: 0, chargeTotal: 0, taxTotal: 0, taxes: [], charges: [], id: 1, variantId: 11, title: 'Mug', variantName: '', sku: 'MUG', quantity: 1, unitPrice: 800, gross: 800, discount: 0, total: 800 }],
    payments: [{ id: 1, tender: 'cash', amount: 3300, tendered: 4000, change: 700, reference: null }],
    loyalty: null,
    taxes: [],
    giftCards: [{ code: '1234567890123456', kind: 'sold', amount: 2500, balanceAfter: 2500, expiresAt: '2027-11-26T12:00:00.000Z' }],
    createdAt: '2026-11-26T12:00:00.000Z',
  };
  const rowsOf = (order: Order, paperWidth: 58 | 80 = 80) =>
    receiptRows({ ...fallbackReceiptLayout, paperWidth }, toReceiptOrder(order, { locale: 'en-GB', timeZone: 'Europe/London' }), { businessName: 'Corner Shop', formatMoney }).flatMap((row) =>
      'text' in row ? [row.text] : [],
    );
  const find = (rows: string[], start: string) => rows.find((row) => row.trimStart().startsWith(start)) ?? '';
  const cashRow = (rows: string[]) => rows.findIndex((row) => /^Cash +\d/.test(row));

  it('prints a sold card’s code in full with its amount and expiry under the total, then what the customer pays in all', () => {
    const rows = rowsOf(base);
    const card = rows.indexOf(find(rows, 'Gift card 1234 5678 9012 3456'));
    expect(rows[card]).toMatch(/^Gift card 1234 5678 9012 3456 +25\.00 €$/);
    expect(rows[card + 1]).toBe('    Valid until 26 Nov 2027');
    expect(card).toBeGreaterThan(rows.indexOf(find(rows, 'TOTAL')));
    expect(find(rows, 'TOTAL')).toMatch(/ 8\.00 €$/);
    expect(find(rows, 'To pay')).toMatch(/ 33\.00 €$/);
    expect(rows.indexOf(find(rows, 'To pay'))).toBeLessThan(cashRow(rows));
    expect(find(rows, 'Change')).toMatch(/ 7\.00 €$/);
  });

  it('prints nothing about expiry for a card that never expires, and never splits a code on narrow paper', () => {
    const rows = rowsOf({ ...base, giftCards: [{ ...base.giftCards![0]!, expiresAt: null }] }, 58);
    expect(rows.some((row) => /valid|never/i.test(row))).toBe(false);
    const card = rows.indexOf('Gift card 1234 5678 9012 3456');
    expect(card).toBeGreaterThan(0);
    expect(rows[card + 1]).toMatch(/^ +25\.00 €$/);
    for (const row of rows) expect(textCells(row), row).toBeLessThanOrEqual(32);
  });

  it('prints a card that paid as a tender, masked, with the balance it has left', () => {
    const spent: Order = {
      ...base, total: 3000, paid: 1000, change: 0, giftCardsSold: 0, giftCardsPaid: 2000,
      payments: [{ id: 1, tender: 'cash', amount: 1000, tendered: 1000, change: 0, reference: null }],
      giftCards: [{ code: '6000444455556666', kind: 'spent', amount: 2000, balanceAfter: 3000, expiresAt: null }],
    };
    const rows = rowsOf(spent);
    const card = rows.indexOf(find(rows, 'Gift card •••• 6666'));
    expect(rows[card]).toMatch(/^Gift card •••• 6666 +20\.00 €$/);
    expect(rows[card + 1]).toMatch(/^ {4}Balance left +30\.00 €$/);
    expect(card).toBeGreaterThan(cashRow(rows));
    expect(rows.join('\n')).not.toContain('6000444455556666');
    expect(find(rows, 'To pay')).toBe('');
  });

  it('prints no gift card rows for a sale without cards', () => {
    const rows = rowsOf({ ...base, giftCardsSold: 0, giftCards: [] });
    expect(rows.some((row) => row.includes('Gift card') || row.startsWith('To pay'))).toBe(false);
  });
});
