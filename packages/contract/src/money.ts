import { keptByKey } from './kept-by-key.ts';
import { formatMinorAsDecimal, fractionDigitsOf } from './pricing/decimal.ts';

type MoneyStyle = { currency: string; locale: string };

/** One formatter per locale and currency, built once and kept. */
const formatterByStyle = keptByKey(64, (key) => {
  const [locale = '', currency = ''] = key.split('\u0000');
  const digits = fractionDigitsOf(currency);
  let format: Intl.NumberFormat | null = null;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    format = null;
  }
  return (minor: number) => {
    const decimal = formatMinorAsDecimal(minor, digits);
    // Intl.NumberFormat reads a decimal string exactly (ECMA-402 "string numeric literal").
    return format ? format.format(decimal as unknown as number) : `${currency} ${decimal}`;
  };
});

/**
 * Minor units as the shop shows money: "$1,234.50" (the one money formatter of the web app and the
 * server's messages). Intl formats the exact decimal string, so no amount passes through a float.
 */
export function moneyFormatterOf(style: MoneyStyle): (minor: number) => string {
  return formatterByStyle(`${style.locale}\u0000${style.currency}`);
}

export function formatMoney(minor: number, style: MoneyStyle): string {
  return moneyFormatterOf(style)(minor);
}
