import { defaultShopSettings, formatMoney, fractionDigitsOf, type ShopSettings } from '@tillbook/contract';
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

/** The one money formatter of the app (contract money.ts), in the shop's currency and locale. */
export { formatMoney };

export function useMoney() {
  const settings = useShopSettings();
  return {
    format: (minor: number) => formatMoney(minor, settings),
    fractionDigits: fractionDigitsOf(settings.currency),
    currency: settings.currency,
  };
}
