import { formatSku, fractionDigitsOf, generalSettingsInput, skuPatternRule } from '@tillbook/contract';
import { formatMoney } from '../../lib/shop-settings.ts';

const sampleAmount = '1234.5';

/** 1234.5 in minor units of the currency: 123450 cents, 1235 yen (rounded half up), 1234500 fils. */
function sampleMinorUnits(currency: string): number {
  const digits = fractionDigitsOf(currency);
  return digits === 0 ? 1235 : 12345 * 10 ** (digits - 1);
}

/** "1234.5 → $1,234.50", or null while the currency or locale is not valid yet. */
export function moneyPreview(currency: string, locale: string): string | null {
  const parsed = generalSettingsInput.pick({ currency: true, locale: true }).safeParse({ currency, locale });
  if (!parsed.success) return null;
  const settings = parsed.data;
  return `${sampleAmount} → ${formatMoney(sampleMinorUnits(settings.currency), settings)}`;
}

/** "SKU-{seq:6}" → "SKU-000042": what the 42nd generated SKU looks like, or null if the pattern has no {seq}. */
export function skuExample(pattern: string, sequence = 42): string | null {
  const trimmed = pattern.trim();
  if (!skuPatternRule.test(trimmed)) return null;
  return formatSku(trimmed, sequence);
}
