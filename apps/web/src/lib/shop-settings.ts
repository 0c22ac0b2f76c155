import { defaultShopSettings, formatMinorAsDecimal, fractionDigitsOf, type ShopSettings } from '@tillbook/contract';
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

/** Formats minor units in the shop's currency and locale; the one money formatter of the app. */
export function formatMoney(minor: number, settings: Pick<ShopSettings, 'currency' | 'locale'>): string {
  const decimal = formatMinorAsDecimal(minor, fractionDigitsOf(settings.currency));
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
    fractionDigits: fractionDigitsOf(settings.currency),
    currency: settings.currency,
  };
}
