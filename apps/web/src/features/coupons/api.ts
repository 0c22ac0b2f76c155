import type { Coupon, CouponBulkInput, CouponInput, PageMeta } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const couponKeys = queryKeys.coupons;

export type CouponListParams = Record<string, string | number>;

export function couponListQuery(params: CouponListParams) {
  return queryOptions({
    queryKey: couponKeys.list(params),
    queryFn: async () => (await http.get<{ data: Coupon[]; meta: PageMeta }>('/api/coupons', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCoupons(params: CouponListParams) {
  return useQuery(couponListQuery(params));
}

export function useCoupon(id: number | undefined) {
  return useQuery({
    queryKey: couponKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Coupon }>(`/api/coupons/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Creates (no id) or updates (id) a coupon; the lists refresh afterwards. */
export function useSaveCoupon(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CouponInput) =>
      id === undefined
        ? (await http.post<{ data: Coupon }>('/api/coupons/create', input)).data.data
        : (await http.put<{ data: Coupon }>(`/api/coupons/${id}/edit`, input)).data.data,
    onSuccess: async (coupon) => {
      client.setQueryData(couponKeys.detail(coupon.id), coupon);
      await client.invalidateQueries({ queryKey: couponKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/coupons/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

/** POST /api/coupons/update: activate, deactivate or delete the selected coupons (all or none). */
export function useBulkCoupons() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Pick<CouponBulkInput, 'ids' | 'action'>) =>
      (await http.post<{ data: { affected: number } }>('/api/coupons/update', input)).data.data.affected,
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
