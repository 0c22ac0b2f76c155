import { describe, expect, it } from 'vitest';
import { moneyPreview, skuExample } from './previews.ts';

describe('moneyPreview', () => {
  it('writes 1234.5 in the currency and locale', () => {
    expect(moneyPreview('USD', 'en-US')).toBe('1234.5 → $1,234.50');
    expect(moneyPreview('eur', 'fr-FR')).toBe('1234.5 → 1\u202f234,50\u00a0€');
    expect(moneyPreview('KWD', 'en-US')).toBe('1234.5 → KWD\u00a01,234.500');
  });

  it('rounds to whole units for a currency without decimals', () => {
    expect(moneyPreview('JPY', 'ja-JP')).toBe('1234.5 → ￥1,235');
  });

  it('has no preview while the currency or locale is not valid', () => {
    expect(moneyPreview('US', 'en-US')).toBeNull();
    expect(moneyPreview('USD', 'not a locale!')).toBeNull();
  });
});

describe('skuExample', () => {
  it('replaces {seq:N} with the number padded to N digits', () => {
    expect(skuExample('SKU-{seq:6}')).toBe('SKU-000042');
    expect(skuExample('A{seq:2}', 1234)).toBe('A1234');
  });

  it('replaces {seq} with the bare number, everywhere it appears', () => {
    expect(skuExample('{seq}-X-{seq:3}')).toBe('42-X-042');
  });

  it('has no example without {seq}', () => {
    expect(skuExample('SKU-')).toBeNull();
    expect(skuExample('SKU-{seq:0}')).toBeNull();
  });
});
