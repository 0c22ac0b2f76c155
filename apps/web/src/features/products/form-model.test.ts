import { describe, expect, it } from 'vitest';
import { moneyReaderOf } from '@tillbook/contract';
import { blankProduct, toInput, type ProductForm } from './form-model.ts';

const dollars = moneyReaderOf({ currency: 'USD', locale: 'en-US' });
const yen = moneyReaderOf({ currency: 'JPY', locale: 'ja-JP' });
const euros = moneyReaderOf({ currency: 'EUR', locale: 'de-DE' });

function form(overrides: Partial<ProductForm> = {}): ProductForm {
  const base = blankProduct([1, 2], [7]);
  return { ...base, title: 'Cola', ...overrides };
}

describe('product form → API payload', () => {
  it('turns typed amounts into exact minor units and keeps default taxes', () => {
    const f = form();
    f.variants[0] = { ...f.variants[0]!, price: '1.99', cost: '0.8', stock: [{ outletId: 1, quantity: '24', lowStockThreshold: '6', current: null }, { outletId: 2, quantity: '', lowStockThreshold: '', current: null }] };
    const result = toInput(f, dollars, true);
    expect(result).toEqual({
      input: expect.objectContaining({
        title: 'Cola',
        taxIds: [7],
        variants: [
          expect.objectContaining({
            sku: null,
            barcode: null,
            price: 199,
            cost: 80,
            stock: [
              { outletId: 1, quantity: 24, lowStockThreshold: 6 },
              { outletId: 2, lowStockThreshold: null },
            ],
          }),
        ],
      }),
    });
  });

  it('puts a message on each amount it cannot read, instead of guessing', () => {
    const f = form();
    f.variants[0] = { ...f.variants[0]!, price: '1.999', cost: 'abc' };
    f.variants[0].stock[0] = { outletId: 1, quantity: '2.5', lowStockThreshold: 'x', current: null };
    expect(toInput(f, dollars, true)).toEqual({
      errors: {
        'variants.0.price': 'Use at most 2 decimals. Enter an amount like 1,234.50.',
        'variants.0.cost': '“abc” is not an amount. Enter an amount like 1,234.50.',
        'variants.0.stock.0.quantity': 'Enter a whole number.',
        'variants.0.stock.0.lowStockThreshold': 'Enter a whole number.',
      },
    });
  });

  it('sends no quantities when editing (stock changes through adjustments) and respects zero-decimal currencies', () => {
    const f = form();
    f.variants[0] = { ...f.variants[0]!, id: 5, price: '150', cost: '', stock: [{ outletId: 1, quantity: '99', lowStockThreshold: '3', current: 10 }] };
    const result = toInput(f, yen, false);
    expect('input' in result && result.input.variants[0]).toEqual(
      expect.objectContaining({ id: 5, price: 150, cost: 0, stock: [{ outletId: 1, lowStockThreshold: 3 }] }),
    );
  });

  it('reads amounts as the shop writes them (1.234,50 in de-DE)', () => {
    const f = form();
    f.variants[0] = { ...f.variants[0]!, price: '1.234,50', cost: '800,5' };
    const result = toInput(f, euros, true);
    expect('input' in result && result.input.variants[0]).toEqual(expect.objectContaining({ price: 123450, cost: 80050 }));
  });

  it('names every wrong field at once: an empty product misses its title and its price', () => {
    expect(toInput(form({ title: '' }), dollars, true)).toEqual({
      errors: { title: 'The title field is required.', 'variants.0.price': 'Enter the price, like 1,234.50.' },
    });
  });
});
