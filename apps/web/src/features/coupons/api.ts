import type { CategoryOption, Coupon, CouponBulkInput, CouponInput, PageMeta, ProductListItem } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { createQueryKeys } from '../../lib/query-keys.ts';

export const couponKeys = createQueryKeys('coupons');

export type CouponListParams = { page: number; perPage: number; search?: string; sort?: string; active?: string; state?: string };

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
      await client.invalidateQueries({ queryKey: couponKeys.lists() });
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

/** The categories a coupon may be limited to (the picker's options). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', 'options'],
    queryFn: async () => (await http.get<{ data: CategoryOption[] }>('/api/categories/list')).data.data,
    staleTime: 60_000,
  });
}

/** Products matching what is typed in the product picker (title, SKU or barcode). */
export function useProductSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['products', 'list', { search: term, perPage: 8, purpose: 'coupon-picker' }],
    queryFn: async () => (await http.get<{ data: ProductListItem[] }>('/api/products', { params: { search: term, perPage: 8 } })).data.data,
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
}
