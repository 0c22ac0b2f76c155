import type {
  Customer,
  CustomerInput,
  CustomerNote,
  CustomerNoteInput,
  CustomerReward,
  PageMeta,
  PointsAdjustInput,
  PointsEntry,
  StoreCreditAdjustInput,
  StoreCreditEntry,
} from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const customerKeys = queryKeys.customers;
// A customer's tabs hang under their detail key, so refreshing the customer refreshes them too.
const notesKey = (id: number) => [...customerKeys.detail(id), 'notes'] as const;
const pointsKey = (id: number) => [...customerKeys.detail(id), 'points'] as const;
const ordersKey = (id: number) => [...customerKeys.detail(id), 'orders'] as const;
const rewardsKey = (id: number) => [...customerKeys.detail(id), 'rewards'] as const;
const storeCreditKey = (id: number) => [...customerKeys.detail(id), 'store-credit'] as const;

export type CustomerListParams = Record<string, string | number>;

export function customerListQuery(params: CustomerListParams) {
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: async () => (await http.get<{ data: Customer[]; meta: PageMeta }>('/api/customers', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(customerListQuery(params));
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

export function useCustomerNotes(customerId: number) {
  return useQuery({
    queryKey: notesKey(customerId),
    queryFn: async () => (await http.get<{ data: CustomerNote[] }>(`/api/customers/${customerId}/notes`)).data.data,
  });
}

export function useAddCustomerNote(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CustomerNoteInput) => (await http.post<{ data: CustomerNote }>(`/api/customers/${customerId}/notes`, input)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey(customerId) }),
  });
}

export function useDeleteCustomerNote(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (noteId: number) => {
      await http.delete(`/api/customers/${customerId}/notes/${noteId}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey(customerId) }),
  });
}

/** The notes "receipt" call: print this note on the customer's receipts, or stop. */
export function useSetNoteReceipt(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ noteId, printOnReceipt }: { noteId: number; printOnReceipt: boolean }) =>
      (await http.put<{ data: CustomerNote }>(`/api/customers/${customerId}/notes/${noteId}/receipt`, { printOnReceipt })).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey(customerId) }),
  });
}

export function useCustomerPoints(customerId: number, page: number) {
  return useQuery({
    queryKey: [...pointsKey(customerId), page],
    queryFn: async () =>
      (await http.get<{ data: PointsEntry[]; meta: PageMeta }>(`/api/customers/${customerId}/points`, { params: { page, perPage: 25 } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The sales of the customer that took a reward, newest first. */
export function useCustomerRewards(customerId: number, page: number) {
  return useQuery({
    queryKey: [...rewardsKey(customerId), page],
    queryFn: async () =>
      (await http.get<{ data: CustomerReward[]; meta: PageMeta }>(`/api/customers/${customerId}/rewards`, { params: { page, perPage: 10 } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The shop's loyalty rules: what a point is worth when it pays. */
export { useRewardSettings } from '../../lib/reward-settings.ts';

export function useAdjustPoints(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PointsAdjustInput) =>
      (await http.post<{ data: { entry: PointsEntry; pointsBalance: number } }>(`/api/customers/${customerId}/points`, input)).data.data,
    onSuccess: async () => {
      // The balance shows on the customer, their ledger and the list.
      await client.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
      await client.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export function useCustomerOrders(customerId: number, page: number) {
  return useQuery({
    queryKey: [...ordersKey(customerId), page],
    queryFn: async () =>
      (await http.get<{ data: { id: number; number: string; total: number; createdAt: string }[]; meta: PageMeta }>(`/api/customers/${customerId}/orders`, { params: { page } })).data,
  });
}

/** The customer's store credit ledger, newest first. */
export function useCustomerStoreCredit(customerId: number, page: number) {
  return useQuery({
    queryKey: [...storeCreditKey(customerId), page],
    queryFn: async () =>
      (await http.get<{ data: StoreCreditEntry[]; meta: PageMeta }>(`/api/customers/${customerId}/store-credit`, { params: { page, perPage: 25 } })).data,
    placeholderData: keepPreviousData,
  });
}

/** An administrator adds store credit (positive amount) or takes it (negative), with a reason. */
export function useAdjustStoreCredit(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StoreCreditAdjustInput) =>
      (await http.post<{ data: { entry: StoreCreditEntry; storeCredit: number } }>(`/api/customers/${customerId}/store-credit`, input)).data.data,
    onSuccess: async () => {
      // The balance shows on the customer, their ledger and the list.
      await client.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
      await client.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
