import { describe, expect, it } from 'vitest';
import { formatMoneyInput, moneyInputExample, parseMoneyInput } from './money-input.ts';

const enUS = { locale: 'en-US', currency: 'USD' };
const enGB = { locale: 'en-GB', currency: 'GBP' };
const deDE = { locale: 'de-DE', currency: 'EUR' };
const frFR = { locale: 'fr-FR', currency: 'EUR' };
const jaJP = { locale: 'ja-JP', currency: 'JPY' };

const minorOf = (text: string, style: { locale: string; currency: string }, allowNegative = false) => {
  const result = parseMoneyInput(text, style, { allowNegative });
  return result.ok ? result.minor : result.error;
};

describe('parseMoneyInput', () => {
  it('reads en-GB and en-US amounts with grouping', () => {
    for (const style of [enUS, enGB]) {
      expect(minorOf('1,234.50', style)).toBe(123450);
      expect(minorOf('1234.50', style)).toBe(123450);
      expect(minorOf('1,234', style)).toBe(123400);
      expect(minorOf('1,234,567.89', style)).toBe(123456789);
      expect(minorOf('0.99', style)).toBe(99);
      expect(minorOf('.5', style)).toBe(50);
      expect(minorOf(' 12 ', style)).toBe(1200);
      // A lone comma that cannot be grouping is the decimal mark people type anyway.
      expect(minorOf('7,5', style)).toBe(750);
      expect(minorOf('1,23', style)).toBe(123);
    }
    expect(minorOf('$1,234.50', enUS)).toBe(123450);
    expect(minorOf('£1,234.50', enGB)).toBe(123450);
    expect(minorOf('GBP 12.00', enGB)).toBe(1200);
  });

  it('reads de-DE amounts: dot groups, comma decimals', () => {
    expect(minorOf('1.234,50', deDE)).toBe(123450);
    expect(minorOf('1234,50', deDE)).toBe(123450);
    expect(minorOf('1.234', deDE)).toBe(123400);
    expect(minorOf('1.234.567,89', deDE)).toBe(123456789);
    expect(minorOf('1.234,50 €', deDE)).toBe(123450);
    expect(minorOf('10.50', deDE)).toBe(1050);
  });

  it('reads fr-FR amounts grouped by a narrow no-break space, a no-break space or a space', () => {
    expect(minorOf('1\u202f234,50', frFR)).toBe(123450);
    expect(minorOf('1\u00a0234,50', frFR)).toBe(123450);
    expect(minorOf('1 234,50', frFR)).toBe(123450);
    expect(minorOf('1 234 567,89 €', frFR)).toBe(123456789);
    expect(minorOf('1234.50', frFR)).toBe(123450);
  });

  it('reads currencies without decimals', () => {
    expect(minorOf('1,234', jaJP)).toBe(1234);
    expect(minorOf('1,234.5', jaJP)).toBe('tooManyDecimals');
  });

  it('says what it did not understand', () => {
    for (const text of ['abc', '1,2,3', '12a', '1.2.3', '1,234.5.6', '--5', '12 34', '$', '.', '1e3', '0x10', 'Infinity']) {
      const result = parseMoneyInput(text, enUS);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.message, text).toBe(`“${text}” is not an amount. Enter an amount like 1,234.50.`);
    }
    const german = parseMoneyInput('1,2,3', deDE);
    expect(german.ok ? null : german.message).toBe('“1,2,3” is not an amount. Enter an amount like 1.234,50.');
    const french = parseMoneyInput('douze', frFR);
    expect(french.ok ? null : french.message).toBe('“douze” is not an amount. Enter an amount like 1\u202f234,50.');
    expect(parseMoneyInput('', enUS)).toEqual({ ok: false, error: 'empty', message: 'Enter an amount like 1,234.50.' });
    expect(parseMoneyInput('1.234', enUS)).toEqual({ ok: false, error: 'tooManyDecimals', message: 'Use at most 2 decimals. Enter an amount like 1,234.50.' });
    expect(minorOf('99999999999999999', enUS)).toBe('tooLarge');
  });

  it('takes a minus only where the field allows it', () => {
    expect(minorOf('-5.00', enUS)).toBe('negative');
    expect(minorOf('-5.00', enUS, true)).toBe(-500);
    expect(minorOf('−1.234,50', deDE, true)).toBe(-123450);
    expect(minorOf('-$5', enUS, true)).toBe(-500);
  });
});

describe('moneyInputExample and formatMoneyInput', () => {
  it('write amounts as the shop reads them', () => {
    expect(moneyInputExample(enUS)).toBe('1,234.50');
    expect(moneyInputExample(deDE)).toBe('1.234,50');
    expect(moneyInputExample(jaJP)).toBe('1,234');
    expect(formatMoneyInput(123450, deDE)).toBe('1234,50');
    expect(formatMoneyInput(123450, enGB)).toBe('1234.50');
    expect(formatMoneyInput(-5, frFR)).toBe('-0,05');
  });

  it('reads back what it writes, in every locale', () => {
    for (const style of [enUS, enGB, deDE, frFR, jaJP]) {
      for (const minor of [0, 1, 99, 123450, 987654321]) {
        expect(minorOf(formatMoneyInput(minor, style), style)).toBe(minor);
      }
    }
  });
});
