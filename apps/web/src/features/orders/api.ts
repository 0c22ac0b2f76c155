import type { Order, OrderBulkInput, OrderPage } from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useOutletChoices, useRegisterChoices, useUserChoices } from '../../lib/choices.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const orderKeys = queryKeys.orders;

/** The list's page, sort and filters as the API takes them (empty filters left out). */
export type OrderListParams = Record<string, string | number>;

/** The filters of the orders list, as the address and the API name them. */
export const orderFilterKeys = ['from', 'to', 'outletId', 'registerId', 'userId', 'status', 'tender', 'customerId'] as const;

export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: async () => (await http.get<OrderPage>('/api/orders', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: async () => (await http.get<{ data: Order }>(`/api/orders/${id}`)).data.data,
  });
}

/** The CSV export of the list's current filters and sort (a plain download link). */
export function ordersExportUrl(params: OrderListParams): string {
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([key]) => key !== 'page' && key !== 'perPage')
      .map(([key, value]) => [key, String(value)]),
  );
  const text = query.toString();
  return `/api/orders/export${text ? `?${text}` : ''}`;
}

/** The CSV export of exactly the chosen orders, whatever the list's filters. */
export function ordersExportSelectedUrl(ids: number[]): string {
  return `/api/orders/export?ids=${ids.join(',')}`;
}

/** Tags or untags the chosen orders; answers how many orders changed. */
export function useBulkOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrderBulkInput) => (await http.post<{ data: { affected: number } }>('/api/orders/update', input)).data.data.affected,
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Outlets, registers and staff for the list's filters (administrators'): the first hundred of each is plenty for a shop. */
export function useOrderFilterOptions(enabled: boolean) {
  const outlets = useOutletChoices({ enabled });
  const registers = useRegisterChoices({ enabled });
  const cashiers = useUserChoices({ enabled });
  return { outlets: outlets.data ?? [], registers: registers.data ?? [], cashiers: cashiers.data ?? [] };
}
