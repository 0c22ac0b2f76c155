import type { OrderNotifyInput, OrderNotifyResult, RefundReceiptDocument } from '@tillbook/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A refund's receipt for the till (after a return) and the back office (an order's refunds): both
 * features use it, so it lives here. Under the orders' key: whatever refreshes the orders refreshes it.
 */
export const refundReceiptKey = (refundId: number) => [...queryKeys.orders.all, 'refund-receipt', refundId] as const;

export function refundReceiptQuery(refundId: number) {
  return queryOptions({
    queryKey: refundReceiptKey(refundId),
    queryFn: async () => (await http.get<{ data: RefundReceiptDocument }>(`/api/refunds/${refundId}/receipt`)).data.data,
  });
}

/** The refund receipt's rows, laid out by the server as its PDF and e-mail print them. */
export function useRefundReceipt(refundId: number) {
  return useQuery(refundReceiptQuery(refundId));
}

/** Where the refund receipt's PDF downloads from (a plain link: the browser saves the file). */
export function refundReceiptPdfUrl(refundId: number): string {
  return `/api/refunds/${refundId}/receipt.pdf`;
}

/** E-mails a refund's receipt to the address given, or to the sale's customer when none is. */
export function useNotifyRefund() {
  return useMutation({
    mutationFn: async ({ refundId, input }: { refundId: number; input: OrderNotifyInput }) =>
      (await http.post<OrderNotifyResult>(`/api/refunds/${refundId}/notify`, input)).data.data,
  });
}
