import type { GeneralSettingsInput, ProductSettingsInput, SellingSettingsInput, ShopSettings, TaxListItem } from '@tillbook/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getHttpStatus, http } from '../../lib/http.ts';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';

/** Every settings query starts with this key; a change refreshes them all (money formats included). */
export const settingsKeys = { all: ['settings'] as const };

export function useSettings() {
  return useQuery(shopSettingsQuery);
}

/** After any change: the answer is the new settings; everything under ['settings'] refreshes. */
export function useSettingsMutation<Input>(send: (input: Input) => Promise<ShopSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (saved) => {
      client.setQueryData(shopSettingsQuery.queryKey, saved);
      await client.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

export function useSaveGeneralSettings() {
  return useSettingsMutation(
    async (input: GeneralSettingsInput) => (await http.put<{ data: ShopSettings }>('/api/settings/general', input)).data.data,
  );
}

export function useSaveProductSettings() {
  return useSettingsMutation(
    async (input: ProductSettingsInput) => (await http.put<{ data: ShopSettings }>('/api/settings/products', input)).data.data,
  );
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
  queryKey: ['taxes', 'list', { compact: true }],
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

export function useSaveSellingSettings() {
  return useSettingsMutation(
    async (input: SellingSettingsInput) => (await http.put<{ data: ShopSettings }>('/api/settings/selling', input)).data.data,
  );
}
