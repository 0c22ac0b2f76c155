import { describe, expect, it } from 'vitest';
import { keptByKey } from './kept-by-key.ts';
import { formatMoney, moneyFormatterOf } from './money.ts';

describe('keptByKey', () => {
  it('makes a key’s value once and gives the same one again', () => {
    const made: string[] = [];
    const boxOf = keptByKey(4, (key) => {
      made.push(key);
      return { key };
    });
    expect(boxOf('a')).toBe(boxOf('a'));
    expect(boxOf('b')).toEqual({ key: 'b' });
    expect(made).toEqual(['a', 'b']);
  });

  it('starts afresh past its limit, so keys from input cannot grow it without end', () => {
    const made: string[] = [];
    const valueOf = keptByKey(2, (key) => {
      made.push(key);
      return key.length;
    });
    for (const key of ['a', 'bb', 'ccc', 'a']) valueOf(key);
    // "ccc" found the store full and emptied it: "a" is made again.
    expect(made).toEqual(['a', 'bb', 'ccc', 'a']);
  });
});

describe('the kept money formatters', () => {
  it('format each locale and currency as Intl does, one formatter for each', () => {
    expect(moneyFormatterOf({ locale: 'en-US', currency: 'USD' })).toBe(moneyFormatterOf({ locale: 'en-US', currency: 'USD' }));
    expect(formatMoney(123450, { locale: 'en-US', currency: 'USD' })).toBe('$1,234.50');
    expect(formatMoney(123450, { locale: 'de-DE', currency: 'EUR' })).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234, { locale: 'ja-JP', currency: 'JPY' })).toBe('￥1,234');
    expect(formatMoney(1050, { locale: 'en-US', currency: 'XYZ1' })).toBe('XYZ1 10.50');
  });
});
