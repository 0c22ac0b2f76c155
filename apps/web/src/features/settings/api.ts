import type {
  CashboxSettingsInput,
  CashierRightsInput,
  GeneralSettingsInput,
  GiftCardSettingsInput,
  ProductSettingsInput,
  SellingSettingsInput,
  ShopSettings,
  TaxListItem,
  TaxSettingsInput,
} from '@tillbook/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getHttpStatus, http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';

const settingsKeys = queryKeys.settings;

export function useSettings() {
  return useQuery(shopSettingsQuery);
}

/** After any change: the answer is the new settings; everything under `settings` refreshes (money formats included). */
function useSettingsMutation<Input>(send: (input: Input) => Promise<ShopSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (saved) => {
      client.setQueryData(shopSettingsQuery.queryKey, saved);
      await client.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

async function putSettings<Input>(section: string, input: Input): Promise<ShopSettings> {
  return (await http.put<{ data: ShopSettings }>(`/api/settings/${section}`, input)).data.data;
}

export function useSaveGeneralSettings() {
  return useSettingsMutation((input: GeneralSettingsInput) => putSettings('general', input));
}

export function useSaveProductSettings() {
  return useSettingsMutation((input: ProductSettingsInput) => putSettings('products', input));
}

export function useSaveSellingSettings() {
  return useSettingsMutation((input: SellingSettingsInput) => putSettings('selling', input));
}

export function useSaveCashboxSettings() {
  return useSettingsMutation((input: CashboxSettingsInput) => putSettings('cashbox', input));
}

export function useSaveCashierRights() {
  return useSettingsMutation((input: CashierRightsInput) => putSettings('cashier-rights', input));
}

export function useSaveGiftCardSettings() {
  return useSettingsMutation((input: GiftCardSettingsInput) => putSettings('gift-cards', input));
}

export function useSaveTaxSettings() {
  return useSettingsMutation((input: TaxSettingsInput) => putSettings('taxes', input));
}

export function useUploadLogo() {
  return useSettingsMutation(async (file: File) => {
    const body = new FormData();
    body.append('logo', file);
    return (await http.post<{ data: ShopSettings }>('/api/settings/logo', body)).data.data;
  });
}

export function useRemoveLogo() {
  return useSettingsMutation(async (_: void) => (await http.delete<{ data: ShopSettings }>('/api/settings/logo')).data.data);
}

/** The active taxes, for the default-taxes picker; a server without the taxes area (404) has none. */
export const taxOptionsQuery = queryOptions({
  // Under the taxes lists' key, so creating or changing a tax refreshes the picker as well.
  queryKey: queryKeys.taxes.list({ compact: true }),
  queryFn: async (): Promise<TaxListItem[]> => {
    try {
      return (await http.get<{ data: TaxListItem[] }>('/api/taxes/list')).data.data;
    } catch (error) {
      if (getHttpStatus(error) === 404) return [];
      throw error;
    }
  },
});

export function useTaxOptions() {
  return useQuery(taxOptionsQuery);
}
