import { defaultShopSettings, formatMoney, moneyFormatterOf, moneyReaderOf, type MoneyReader, type ShopSettings } from '@tillbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dateFormatOf, type DateFormat } from './date-format.ts';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

export const shopSettingsQuery = queryOptions({
  queryKey: queryKeys.settings.detail('shop'),
  queryFn: async () => (await http.get<{ data: ShopSettings }>('/api/settings')).data.data,
  staleTime: 60_000,
});

/** The shop's settings (currency, locale, defaults); the defaults until they have loaded. */
export function useShopSettings(): ShopSettings {
  return useQuery(shopSettingsQuery).data ?? defaultShopSettings;
}

/** The one money formatter of the app (contract money.ts), in the shop's currency and locale. */
export { formatMoney };

export type Money = MoneyReader & { format: (minor: number) => string };

/**
 * Money in the shop's currency and locale: `format` for showing it, `parse` for every money field
 * (contract money-input.ts: "1,234.50", "1.234,50", "1 234,50" as the locale writes them).
 */
export function useMoney(): Money {
  const { currency, locale } = useShopSettings();
  return useMemo(() => ({ ...moneyReaderOf({ currency, locale }), format: moneyFormatterOf({ currency, locale }) }), [currency, locale]);
}

export type { DateFormat };

/** Dates and times in the shop's locale and time zone (lib/date-format.ts); every screen shows them through this, so a sale at 23:30 in the shop reads 23:30 wherever the browser is. */
export function useDateFormat(): DateFormat {
  const { locale, timeZone } = useShopSettings();
  return useMemo(() => dateFormatOf({ locale, timeZone }), [locale, timeZone]);
}
