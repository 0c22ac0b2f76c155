import {
  type AppliedCoupon,
  type ApplyCouponInput,
  type CashboxStatus,
  type GiftCard,
  type Order,
  type OrderCreateInput,
  type PointsSummary,
  type RedeemInput,
  type RedeemResult,
} from '@tillbook/contract';
import { catalogueFetchers } from './catalogue-fetch.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function cashboxStatusQuery(registerId: number) {
  return queryOptions({
    queryKey: queryKeys.cashbox.status(registerId),
    queryFn: async () => (await http.get<{ data: CashboxStatus }>('/api/cashbox/status', { params: { register: String(registerId) } })).data.data,
    retry: false,
  });
}

/** Whether the register's drawer is open: the screen sells only on an open drawer. */
export function useCashboxStatus(registerId: number) {
  return useQuery(cashboxStatusQuery(registerId));
}

/** The register copy's calls to the server (catalogue-fetch.ts), through the one client. */
export const { page: fetchCataloguePage, code: fetchProductsWithCode } = catalogueFetchers(http);

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

/** The shop's loyalty rules (readable by cashiers): what the engine prices rewards and points with. */
export { rewardSettingsQuery } from '../../lib/reward-settings.ts';

/** A customer's points: balance, what it is worth, and the rewards it reaches today. Another till may spend them: never kept long. */
export function pointsSummaryQuery(customerId: number) {
  return queryOptions({
    queryKey: queryKeys.rewards.points(customerId),
    queryFn: async () => (await http.get<{ data: PointsSummary }>('/api/rewards/points', { params: { customer: String(customerId) } })).data.data,
  });
}

/** Every customer's points, for after a sale or a refused redemption: balances moved. */
export const pointsQueryPrefix = queryKeys.rewards.allPoints();

/** The server's verdict on a redemption for this cart; a refusal is a 422 on `redemption.rewardId` or `redemption.points`. Nothing is stored. */
export function useCheckRedemption() {
  return useMutation({
    mutationFn: async (input: RedeemInput) => (await http.post<{ data: RedeemResult }>('/api/rewards/redeem', input)).data.data,
  });
}

/**
 * The gift card behind a code (GET /api/gift-cards/lookup, any signed-in user): its balance, status
 * and expiry. Another till may spend it at any moment: read afresh each time the till asks, and
 * again after the server refused a payment with it.
 */
export function giftCardQuery(code: string) {
  return queryOptions({
    queryKey: [...queryKeys.giftCards.all, 'lookup', code],
    queryFn: async () => (await http.get<{ data: GiftCard }>('/api/gift-cards/lookup', { params: { code } })).data.data,
    // An unknown code (404) is an answer, not a failure to try again.
    retry: false,
  });
}

/** Every card the till looked up, for after a refused payment: balances moved. */
export const giftCardLookupPrefix = [...queryKeys.giftCards.all, 'lookup'] as const;

/** Looks a code up now, never from what was read before (the code is normalised: contract giftCardCodeField). */
export function useFetchGiftCard(): (code: string) => Promise<GiftCard> {
  const client = useQueryClient();
  return useCallback((code: string) => client.fetchQuery({ ...giftCardQuery(code), staleTime: 0 }), [client]);
}
