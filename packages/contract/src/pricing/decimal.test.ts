import { describe, expect, it } from 'vitest';
import { formatMinorAsDecimal, formatPercent, fractionDigitsOf, parseMoney, parsePercent } from './decimal.ts';

describe('parsePercent / formatPercent', () => {
  it('reads exact percentages into rateE4 (ten-thousandths of a percent)', () => {
    expect(parsePercent('7.5')).toBe(75_000);
    expect(parsePercent('7,5')).toBe(75_000);
    expect(parsePercent('8.875')).toBe(88_750);
    expect(parsePercent('20')).toBe(200_000);
    expect(parsePercent('0.0001')).toBe(1);
    expect(parsePercent('100')).toBe(1_000_000);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent(' 9.975 % ')).toBe(99_750);
    expect(parsePercent('.5')).toBe(5_000);
  });

  it('rejects negatives, a fifth decimal, junk and more than 100 % unless allowed', () => {
    for (const text of ['-1', '0.00001', 'abc', '', ' ', '.', '7.5.1', '1e2', '7 5', '+3', '100.0001', 'NaN', 'Infinity']) {
      expect(parsePercent(text), text).toBeNull();
    }
    expect(parsePercent('150')).toBeNull();
    expect(parsePercent('150', { allowAboveHundred: true })).toBe(1_500_000);
    expect(parsePercent('99999999999999', { allowAboveHundred: true })).toBeNull(); // beyond a safe integer
  });

  it('writes rateE4 back as the shortest exact decimal', () => {
    expect(formatPercent(75_000)).toBe('7.5');
    expect(formatPercent(88_750)).toBe('8.875');
    expect(formatPercent(200_000)).toBe('20');
    expect(formatPercent(1)).toBe('0.0001');
    expect(formatPercent(0)).toBe('0');
    expect(formatPercent(99_750)).toBe('9.975');
    for (const rateE4 of [0, 1, 9, 10, 99_999, 100_000, 1_000_000, 123_456_789]) {
      expect(parsePercent(formatPercent(rateE4), { allowAboveHundred: true })).toBe(rateE4);
    }
  });
});

describe('parseMoney / formatMinorAsDecimal', () => {
  it('reads exact decimal text into minor units', () => {
    expect(parseMoney('10')).toBe(1000);
    expect(parseMoney('10.5')).toBe(1050);
    expect(parseMoney('10,50')).toBe(1050);
    expect(parseMoney('0.99')).toBe(99);
    expect(parseMoney(' 0.01 ')).toBe(1);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('1500', 0)).toBe(1500); // JPY
    expect(parseMoney('1.234', 3)).toBe(1234); // BHD
  });

  it('rejects more decimals than the currency has, signs, grouping and junk', () => {
    for (const text of ['0.999', '10.500', '$10', '1 000', '1,000.00', 'ten', '', '-', '1e3', '0x10', '--1']) {
      expect(parseMoney(text), text).toBeNull();
    }
    expect(parseMoney('10.5', 0)).toBeNull();
    expect(parseMoney('99999999999999.99')).toBeNull(); // beyond a safe integer of cents
  });

  it('reads -1.25 as -125 only when negatives are allowed', () => {
    expect(parseMoney('-1.25')).toBeNull();
    expect(parseMoney('-1.25', 2, { allowNegative: true })).toBe(-125);
    expect(parseMoney('-0', 2, { allowNegative: true })).toBe(0);
  });

  it('writes minor units as a plain decimal with every fraction digit', () => {
    expect(formatMinorAsDecimal(1050)).toBe('10.50');
    expect(formatMinorAsDecimal(5)).toBe('0.05');
    expect(formatMinorAsDecimal(-125)).toBe('-1.25');
    expect(formatMinorAsDecimal(0)).toBe('0.00');
    expect(formatMinorAsDecimal(1050, 0)).toBe('1050');
    expect(formatMinorAsDecimal(1234, 3)).toBe('1.234');
    expect(() => formatMinorAsDecimal(10.5)).toThrow(RangeError);
    for (const minor of [0, 1, 99, 100, 123_456, -7]) {
      expect(parseMoney(formatMinorAsDecimal(minor), 2, { allowNegative: true })).toBe(minor);
    }
  });

  it('knows how many minor digits a currency has', () => {
    expect(fractionDigitsOf('USD')).toBe(2);
    expect(fractionDigitsOf('JPY')).toBe(0);
    expect(fractionDigitsOf('BHD')).toBe(3);
    expect(fractionDigitsOf('nope')).toBe(2);
  });
});
