import type { Order, OrderEditInput, OrderEvent, OrderReceipt } from '@tillbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { orderKeys } from './api.ts';

/** Under the order's own key: whatever refreshes the order refreshes its timeline. */
export const orderTimelineKey = (orderId: number) => [...orderKeys.detail(orderId), 'timeline'] as const;

export function useOrderTimeline(orderId: number) {
  return useQuery({
    queryKey: orderTimelineKey(orderId),
    queryFn: async () => (await http.get<{ data: OrderEvent[] }>(`/api/orders/${orderId}/timeline`)).data.data,
  });
}

/** Where the receipt's PDF copy downloads from (a plain link: the browser saves the file). */
export function orderReceiptPdfUrl(orderId: number): string {
  return `/api/orders/${orderId}/receipt?format=pdf`;
}

/** Asks the server for the receipt copy, which puts the reprint on the order's timeline. */
export function useReprintReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: number) => (await http.get<{ data: OrderReceipt }>(`/api/orders/${orderId}/receipt`)).data.data,
    onSuccess: (_receipt, orderId) => queryClient.invalidateQueries({ queryKey: orderTimelineKey(orderId) }),
  });
}

export function useEditOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, input }: { orderId: number; input: OrderEditInput }) =>
      (await http.put<{ data: Order }>(`/api/orders/${orderId}/edit`, input)).data.data,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), (previous: Order | undefined) => (previous ? { ...previous, ...order } : order));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderTimelineKey(order.id) }),
      ]);
    },
  });
}
