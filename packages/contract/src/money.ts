import { formatMinorAsDecimal, fractionDigitsOf } from './pricing/decimal.ts';

type MoneyStyle = { currency: string; locale: string };

/**
 * Minor units as the shop shows money: "$1,234.50" (the one money formatter of the web app and the
 * server's messages). Intl formats the exact decimal string, so no amount passes through a float.
 */
export function moneyFormatterOf(style: MoneyStyle): (minor: number) => string {
  const digits = fractionDigitsOf(style.currency);
  let format: Intl.NumberFormat | null = null;
  try {
    format = new Intl.NumberFormat(style.locale, { style: 'currency', currency: style.currency });
  } catch {
    format = null;
  }
  return (minor) => {
    const decimal = formatMinorAsDecimal(minor, digits);
    // Intl.NumberFormat reads a decimal string exactly (ECMA-402 "string numeric literal").
    return format ? format.format(decimal as unknown as number) : `${style.currency} ${decimal}`;
  };
}

export function formatMoney(minor: number, style: MoneyStyle): string {
  return moneyFormatterOf(style)(minor);
}
