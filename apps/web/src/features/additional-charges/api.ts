import type { AdditionalCharge, AdditionalChargeInput, PageMeta } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

// The product form's charge picker (lib/choices.ts chargeChoices) lives under the same keys, so
// invalidating `all` after a change refreshes it as well.
const additionalChargeKeys = queryKeys.additionalCharges;

export type AdditionalChargeListParams = Record<string, string | number>;

export function additionalChargeListQuery(params: AdditionalChargeListParams) {
  return queryOptions({
    queryKey: additionalChargeKeys.list(params),
    queryFn: async () => (await http.get<{ data: AdditionalCharge[]; meta: PageMeta }>('/api/products/charges', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdditionalCharges(params: AdditionalChargeListParams) {
  return useQuery(additionalChargeListQuery(params));
}

export function useAdditionalCharge(id: number | undefined) {
  return useQuery({
    queryKey: additionalChargeKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: AdditionalCharge }>(`/api/products/charges/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Creates (no id) or updates (id) a charge; every charges query refreshes afterwards. */
export function useSaveAdditionalCharge(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdditionalChargeInput) =>
      id === undefined
        ? (await http.post<{ data: AdditionalCharge }>('/api/products/charges/create', input)).data.data
        : (await http.put<{ data: AdditionalCharge }>(`/api/products/charges/${id}/edit`, input)).data.data,
    onSuccess: async (charge) => {
      client.setQueryData(additionalChargeKeys.detail(charge.id), charge);
      await client.invalidateQueries({ queryKey: additionalChargeKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

export function useDeleteAdditionalCharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/products/charges/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: additionalChargeKeys.all }),
  });
}
