import type { PageMeta, Supplier, SupplierBulkInput, SupplierInput, SupplierListItem } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const supplierKeys = queryKeys.suppliers;

export type SupplierListParams = Record<string, string | number>;

export function supplierListQuery(params: SupplierListParams) {
  return queryOptions({
    queryKey: supplierKeys.list(params),
    queryFn: async () => (await http.get<{ data: SupplierListItem[]; meta: PageMeta }>('/api/suppliers', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useSuppliers(params: SupplierListParams) {
  return useQuery(supplierListQuery(params));
}

export function useSupplier(id: number | undefined) {
  return useQuery({
    queryKey: supplierKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Supplier }>(`/api/suppliers/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Creates (no id) or updates (id) a supplier with its product list; lists and the supplier refresh. */
export function useSaveSupplier(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SupplierInput) =>
      id === undefined
        ? (await http.post<{ data: Supplier }>('/api/suppliers/create', input)).data.data
        : (await http.put<{ data: Supplier }>(`/api/suppliers/${id}/edit`, input)).data.data,
    onSuccess: async (supplier) => {
      client.setQueryData(supplierKeys.detail(supplier.id), supplier);
      await client.invalidateQueries({ queryKey: supplierKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

export function useDeleteSupplier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/suppliers/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

export function useBulkSuppliers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Pick<SupplierBulkInput, 'ids' | 'action'>) =>
      (await http.post<{ data: { affected: number } }>('/api/suppliers/update', input)).data.data.affected,
    onSuccess: () => client.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
