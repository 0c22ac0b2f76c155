import type { Customer, CustomerInput, PageMeta } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const searchParamsOf = (search: string) => ({ search, perPage: 10 });

export function customerSearchQuery(search: string) {
  return queryOptions({
    queryKey: queryKeys.customers.list(searchParamsOf(search)),
    queryFn: async () => (await http.get<{ data: Customer[]; meta: PageMeta }>('/api/customers', { params: searchParamsOf(search) })).data.data,
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Customers matching a name, phone or e-mail, for attaching one to a sale or an order. */
export function useCustomerSearch(search: string) {
  return useQuery(customerSearchQuery(search));
}

/** Creates a customer with a name and a phone or e-mail; the customer lists show it afterwards. */
export function useQuickCreateCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CustomerInput) => (await http.post<{ data: Customer }>('/api/customers/create', input)).data.data,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.customers.lists() }),
  });
}
