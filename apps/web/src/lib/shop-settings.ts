import { defaultShopSettings, type ShopSettings } from '@tillbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

export const shopSettingsQuery = queryOptions({
  queryKey: ['settings', 'shop'],
  queryFn: async () => (await http.get<{ data: ShopSettings }>('/api/settings')).data.data,
  staleTime: 60_000,
});

/** The shop's settings (currency, locale, defaults); the defaults until they have loaded. */
export function useShopSettings(): ShopSettings {
  return useQuery(shopSettingsQuery).data ?? defaultShopSettings;
}

function fractionDigitsOf(currency: string, locale: string): number {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units → "1234.50" exactly, with string arithmetic (no floating point). */
export function minorToDecimalString(minor: number, digits: number): string {
  const negative = minor < 0;
  const text = Math.abs(Math.trunc(minor)).toString().padStart(digits + 1, '0');
  const whole = digits ? text.slice(0, -digits) : text;
  const fraction = digits ? `.${text.slice(-digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Formats minor units in the shop's currency and locale; the one money formatter of the app. */
export function formatMoney(minor: number, settings: Pick<ShopSettings, 'currency' | 'locale'>): string {
  const digits = fractionDigitsOf(settings.currency, settings.locale);
  const decimal = minorToDecimalString(minor, digits);
  try {
    // Intl formats a decimal string exactly (no float conversion).
    return new Intl.NumberFormat(settings.locale, { style: 'currency', currency: settings.currency }).format(
      decimal as unknown as number,
    );
  } catch {
    return `${settings.currency} ${decimal}`;
  }
}

export function useMoney() {
  const settings = useShopSettings();
  return {
    format: (minor: number) => formatMoney(minor, settings),
    fractionDigits: fractionDigitsOf(settings.currency, settings.locale),
    currency: settings.currency,
  };
}
