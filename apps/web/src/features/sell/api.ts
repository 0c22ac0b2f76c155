import type {
  AppliedCoupon,
  ApplyCouponInput,
  CashboxStatus,
  Customer,
  CustomerInput,
  Order,
  OrderCreateInput,
  OrderNotifyInput,
  OrderNotifyResult,
  PageMeta,
} from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/** Whether the register's drawer is open: the screen sells only on an open drawer. */
export function useCashboxStatus(registerId: number) {
  return useQuery({
    queryKey: ['cashbox', 'status', registerId],
    queryFn: async () => (await http.get<{ data: CashboxStatus }>('/api/cashbox/status', { params: { register: String(registerId) } })).data.data,
    retry: false,
  });
}

/** The server's verdict on a coupon for this cart; a refusal is a 422 on couponCode with the reason. */
export function useApplyCoupon() {
  return useMutation({
    mutationFn: async (input: ApplyCouponInput) => (await http.post<{ data: AppliedCoupon }>('/api/orders/apply-coupon', input)).data.data,
  });
}

/** Completes the sale. The same uuid again answers with the first order (a retry never doubles a sale). */
export function useCreateOrder() {
  return useMutation({
    mutationFn: async (input: OrderCreateInput) => (await http.post<{ data: Order }>('/api/orders/create', input)).data.data,
  });
}

/** Customers matching a name, phone or e-mail, for attaching one to the sale. */
export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: ['customers', 'list', { search, perPage: 10 }],
    queryFn: async () => (await http.get<{ data: Customer[]; meta: PageMeta }>('/api/customers', { params: { search, perPage: 10 } })).data.data,
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useQuickCreateCustomer() {
  return useMutation({
    mutationFn: async (input: CustomerInput) => (await http.post<{ data: Customer }>('/api/customers/create', input)).data.data,
  });
}

/** E-mails a sale's receipt to the address given, or to the order's customer when none is. */
export function useNotifyOrder() {
  return useMutation({
    mutationFn: async ({ orderId, input }: { orderId: number; input: OrderNotifyInput }) =>
      (await http.post<OrderNotifyResult>(`/api/orders/${orderId}/notify`, input)).data.data,
  });
}
