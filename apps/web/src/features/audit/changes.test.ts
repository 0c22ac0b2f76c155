import { describe, expect, it } from 'vitest';
import { changesOf, changeText, fieldLabel, shortened } from './changes.ts';

const money = (minor: number) => (minor < 0 ? `−$${(-minor / 100).toFixed(2)}` : `$${(minor / 100).toFixed(2)}`);
const lines = (before: unknown, after: unknown) => changesOf(before, after, money).map(changeText);

describe('an audit entry’s before → after as text', () => {
  it('pairs the fields of both sides, money as money and rates as percentages, in words', () => {
    expect(lines({ price: 450, lowStockThreshold: 3 }, { price: 499, lowStockThreshold: 5 })).toEqual(['price: $4.50 → $4.99', 'low stock threshold: 3 → 5']);
    expect(lines({ refundUpTo: 0, discountUpToE4: 100_000, noSale: false }, { refundUpTo: 2000, discountUpToE4: 150_000, noSale: true })).toEqual([
      'refund up to: $0.00 → $20.00',
      'discount up to: 10% → 15%',
      'no sale: no → yes',
    ]);
  });

  it('pairs two lists of rows by what names them: a product’s variants', () => {
    expect(lines([{ sku: 'MUG-1', price: 450 }, { sku: 'MUG-2', price: 500 }], [{ sku: 'MUG-1', price: 499 }, { sku: 'MUG-2', price: 550 }])).toEqual([
      'MUG-1 price: $4.50 → $4.99',
      'MUG-2 price: $5.00 → $5.50',
    ]);
  });

  it('writes the rows of a list one after the other, a tender’s figures as money, ids as numbers', () => {
    expect(
      lines(null, {
        reconciliation: [{ tender: 'cash', expected: 10000, counted: 9800, difference: -200 }],
        tenders: [{ tender: 'card', amount: 450 }],
        differences: [{ sku: 'MUG-1', counted: 4, change: -1 }],
        cashboxSessionId: 7,
        storeCredit: 0,
      }),
    ).toEqual([
      'reconciliation: cash: expected $100.00, counted $98.00, difference −$2.00',
      'tenders: card: amount $4.50',
      'differences: MUG-1: counted 4, change -1',
      'cashbox session id: 7',
      'store credit: $0.00',
    ]);
  });

  it('shows a field only after as its value, one only before as removed, and nothing when both are empty', () => {
    expect(lines(null, { note: 'Damaged', active: true })).toEqual(['note: Damaged', 'active: yes']);
    expect(lines({ outlet_id: 2 }, {})).toEqual(['outlet id: 2 → removed']);
    expect(lines(null, null)).toEqual([]);
  });

  it('writes plain lists and bare values compactly', () => {
    expect(lines({ tags: [] }, { tags: ['a', 'b'] })).toEqual(['tags: (none) → a, b']);
    expect(lines(null, [1, 2])).toEqual(['1, 2']);
    expect(lines('', 'x')).toEqual(['(empty) → x']);
  });

  it('keeps field names readable and long lines short', () => {
    expect(fieldLabel('cashierRights')).toBe('cashier rights');
    expect(fieldLabel('rateE4')).toBe('rate');
    expect(shortened('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(shortened('short')).toBe('short');
  });
});
