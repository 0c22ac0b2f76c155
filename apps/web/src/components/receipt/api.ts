import type { OrderNotifyInput, OrderNotifyResult, ReceiptTemplate } from '@tillbook/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiErrorOf, serverMessageOf } from '../../lib/api-error.ts';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function receiptTemplateQuery(id: number | undefined) {
  return queryOptions({
    queryKey: queryKeys.receipts.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: ReceiptTemplate }>(`/api/receipts/${id}`)).data.data,
    enabled: id !== undefined,
    // Templates never change once made.
    staleTime: Infinity,
  });
}

/** A receipt template: what a sale's receipt prints with, and what a template preview shows. */
export function useReceiptTemplate(id: number | undefined) {
  return useQuery(receiptTemplateQuery(id));
}

/** E-mails a sale's receipt to the address given, or to the order's customer when none is. */
export function useNotifyOrder() {
  return useMutation({
    mutationFn: async ({ orderId, input }: { orderId: number; input: OrderNotifyInput }) =>
      (await http.post<OrderNotifyResult>(`/api/orders/${orderId}/notify`, input)).data.data,
  });
}

export type NotifyFailure = { field: string | null; message: string };

/** Why a receipt was not e-mailed: the server's own words, also for 502/503 ("E-mail is not set up on this server…" says what to do). */
export function notifyFailureOf(error: unknown): NotifyFailure {
  const { status, message, fieldErrors } = apiErrorOf(error);
  const own = serverMessageOf(error);
  if (own && (status === 422 || status === 502 || status === 503)) return { field: status === 422 ? (fieldErrors.email ?? null) : null, message: own };
  return { field: null, message };
}
