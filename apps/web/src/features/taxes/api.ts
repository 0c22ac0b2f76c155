import type { PageMeta, Tax, TaxBulkInput, TaxInput } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

// The tax pickers (lib/choices.ts taxChoices: product form, default taxes) live under the same
// keys, so invalidating `all` after a change refreshes them as well.
const taxKeys = queryKeys.taxes;

export type TaxListParams = Record<string, string | number>;

export function taxListQuery(params: TaxListParams) {
  return queryOptions({
    queryKey: taxKeys.list(params),
    queryFn: async () => (await http.get<{ data: Tax[]; meta: PageMeta }>('/api/taxes', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useTaxes(params: TaxListParams) {
  return useQuery(taxListQuery(params));
}

export function useTax(id: number | undefined) {
  return useQuery({
    queryKey: taxKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Tax }>(`/api/taxes/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Creates (no id) or updates (id) a tax; every taxes query refreshes afterwards. */
export function useSaveTax(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TaxInput) =>
      id === undefined
        ? (await http.post<{ data: Tax }>('/api/taxes/create', input)).data.data
        : (await http.put<{ data: Tax }>(`/api/taxes/${id}/edit`, input)).data.data,
    onSuccess: async (tax) => {
      client.setQueryData(taxKeys.detail(tax.id), tax);
      await client.invalidateQueries({ queryKey: taxKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

export function useDeleteTax() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/taxes/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: taxKeys.all }),
  });
}

/** POST /api/taxes/update: activate, deactivate or delete the selected taxes (all or none). */
export function useBulkTaxes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Pick<TaxBulkInput, 'ids' | 'action'>) =>
      (await http.post<{ data: { affected: number } }>('/api/taxes/update', input)).data.data.affected,
    onSuccess: () => client.invalidateQueries({ queryKey: taxKeys.all }),
  });
}
