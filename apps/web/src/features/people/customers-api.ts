import type { Customer, CustomerInput, PageMeta } from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { createQueryKeys } from '../../lib/query-keys.ts';

export const customerKeys = createQueryKeys('customers');

export type CustomerListParams = Record<string, string | number>;

export function useCustomers(params: CustomerListParams, enabled = true) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: async () => (await http.get<{ data: Customer[]; meta: PageMeta }>('/api/customers', { params })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCustomer(id: number | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Customer }>(`/api/customers/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Creates (no id) or updates (id) a customer; lists and the customer refresh afterwards. */
export function useSaveCustomer(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CustomerInput) =>
      id === undefined
        ? (await http.post<{ data: Customer }>('/api/customers/create', input)).data.data
        : (await http.put<{ data: Customer }>(`/api/customers/${id}/edit`, input)).data.data,
    onSuccess: async (customer) => {
      client.setQueryData(customerKeys.detail(customer.id), customer);
      await client.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/customers/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}

/** The CSV export of the list's current filters (a plain download link). */
export function customersExportUrl(params: CustomerListParams): string {
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([key]) => key !== 'page' && key !== 'perPage')
      .map(([key, value]) => [key, String(value)]),
  );
  const text = query.toString();
  return `/api/customers/export${text ? `?${text}` : ''}`;
}
