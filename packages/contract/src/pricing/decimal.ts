/**
 * Exact decimal text ⇄ integers, for forms, CSV files and the API: "7.5" % ⇄ rateE4 75 000,
 * "10.50" ⇄ 1050 minor units. No floating point is ever involved. Display formatting with a
 * currency symbol and grouping is the web app's job (Intl.NumberFormat, DESIGN.md §3).
 *
 * Either "." or "," is read as the decimal separator ("7,5" = "7.5"); thousands separators are
 * not accepted, so "1,000" is one with three decimals, never a thousand.
 */
import { keptByKey } from '../kept-by-key.ts';
import { RATE_E4_HUNDRED_PERCENT } from './rounding.ts';

const decimalText = /^(\d*)(?:[.,](\d*))?$/;

/** "12.34" with `scale` 2 → 1234; more decimals than `scale`, junk or an unsafe result → null. */
function parseScaled(text: string, scale: number, allowNegative: boolean): number | null {
  let body = text.trim();
  const isNegative = body.startsWith('-');
  if (isNegative) {
    if (!allowNegative) return null;
    body = body.slice(1);
  }
  const match = decimalText.exec(body);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > scale) return null;
  const value = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const result = Number(value);
  return isNegative && result !== 0 ? -result : result;
}

/** Integer `value` scaled by 10^scale → "12.34"; trailing fraction zeros kept (money) or dropped. */
function formatScaled(value: number, scale: number, keepZeros: boolean): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Expected a whole number (got ${String(value)}).`);
  const digits = Math.abs(value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (!keepZeros) fraction = fraction.replace(/0+$/, '');
  return `${value < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export type ParsePercentOptions = {
  /** Accept rates above 100 % (an excise tax, a mark-up); 100 % is the limit otherwise. */
  allowAboveHundred?: boolean;
};

/**
 * "7.5" → 75 000 (rateE4, ten-thousandths of a percent). Accepts "7,5", "0.0001", "100", ".5" and
 * an optional trailing "%"; up to 4 decimals. Negative, above 100 % (unless allowed) or junk → null.
 */
export function parsePercent(text: string, options: ParsePercentOptions = {}): number | null {
  const rateE4 = parseScaled(text.trim().replace(/\s*%$/, ''), 4, false);
  if (rateE4 === null) return null;
  if (rateE4 > RATE_E4_HUNDRED_PERCENT && !options.allowAboveHundred) return null;
  return rateE4;
}

/** 75 000 → "7.5", 88 750 → "8.875", 200 000 → "20" (no "%" sign, no grouping). */
export function formatPercent(rateE4: number): string {
  return formatScaled(rateE4, 4, false);
}

export type ParseMoneyOptions = {
  /** Accept "-1.25" (a cash-out, a correction); amounts are ≥ 0 otherwise. */
  allowNegative?: boolean;
};

/**
 * Exact decimal text → minor units: "10" → 1000, "10.5" → 1050, "0.99" → 99 (fractionDigits 2).
 * More decimals than `fractionDigits` ("0.999"), a currency sign, grouping or junk → null;
 * "-1.25" → -125 only with `allowNegative`.
 */
export function parseMoney(text: string, fractionDigits = 2, options: ParseMoneyOptions = {}): number | null {
  assertFractionDigits(fractionDigits);
  return parseScaled(text, fractionDigits, options.allowNegative ?? false);
}

/** 1050 → "10.50", -5 → "-0.05", 1050 with 0 fraction digits → "1050". For inputs and CSV, not display. */
export function formatMinorAsDecimal(minor: number, fractionDigits = 2): string {
  assertFractionDigits(fractionDigits);
  return formatScaled(minor, fractionDigits, true);
}

/** Minor-unit digits of an ISO 4217 currency: USD → 2, JPY → 0, BHD → 3 (2 when unknown). */
export const fractionDigitsOf: (currency: string) => number = keptByKey(64, (currency) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
});

function assertFractionDigits(fractionDigits: number): void {
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 6) {
    throw new RangeError(`fractionDigits must be a whole number from 0 to 6 (got ${String(fractionDigits)}).`);
  }
}
