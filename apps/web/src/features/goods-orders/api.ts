import type {
  GoodsOrder,
  GoodsOrderCreateInput,
  GoodsOrderEmailInput,
  GoodsOrderEvent,
  GoodsOrderPage,
  GoodsOrderUpdateInput,
  GoodsReceipt,
  GoodsReceiptInput,
  LowStockSuggestion,
  Supplier,
} from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Choice } from '../../lib/choices.ts';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const goodsOrderKeys = queryKeys.goodsOrders;

/** The list's page, sort and filters as the API takes them (empty filters left out). */
export type GoodsOrderListParams = Record<string, string | number>;

/** The filters of the goods-orders list, as the address and the API name them. */
export const goodsOrderFilterKeys = ['status', 'supplierId', 'outletId', 'from', 'to'] as const;

export function useGoodsOrders(params: GoodsOrderListParams) {
  return useQuery({
    queryKey: goodsOrderKeys.list(params),
    queryFn: async () => (await http.get<GoodsOrderPage>('/api/goods-orders', { params })).data,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the list's current filters and sort, every page of it (a plain download link). */
export function goodsOrdersExportUrl(params: GoodsOrderListParams): string {
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([key]) => key !== 'page' && key !== 'perPage')
      .map(([key, value]) => [key, String(value)]),
  );
  const text = query.toString();
  return `/api/goods-orders/export${text ? `?${text}` : ''}`;
}

export function useGoodsOrder(id: number | undefined) {
  return useQuery({
    queryKey: goodsOrderKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: GoodsOrder }>(`/api/goods-orders/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Under the order's own key: whatever refreshes the order refreshes its timeline. */
export const goodsOrderTimelineKey = (id: number) => [...goodsOrderKeys.detail(id), 'timeline'] as const;

export function useGoodsOrderTimeline(id: number) {
  return useQuery({
    queryKey: goodsOrderTimelineKey(id),
    queryFn: async () => (await http.get<{ data: GoodsOrderEvent[] }>(`/api/goods-orders/${id}/timeline`)).data.data,
  });
}

/** The order as the server answered it goes in the cache; lists, the timeline and the products' stock refresh. */
function storeOrder(client: QueryClient, order: GoodsOrder) {
  client.setQueryData(goodsOrderKeys.detail(order.id), order);
  return Promise.all([
    client.invalidateQueries({ queryKey: goodsOrderKeys.lists() }),
    client.invalidateQueries({ queryKey: goodsOrderTimelineKey(order.id) }),
  ]);
}

/** Creates a draft (no id) or saves a draft's fields and lines (id). */
export function useSaveGoodsOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | undefined; input: GoodsOrderCreateInput }) =>
      id === undefined
        ? (await http.post<{ data: GoodsOrder }>('/api/goods-orders/create', input)).data.data
        : (await http.put<{ data: GoodsOrder }>(`/api/goods-orders/${id}/edit`, input)).data.data,
    onSuccess: (order) => storeOrder(client, order),
  });
}

/** A move ({status: "ordered" | "cancelled" | "received"}) or an ordered order's expected date and note. */
export function useUpdateGoodsOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: GoodsOrderUpdateInput }) =>
      (await http.put<{ data: GoodsOrder }>(`/api/goods-orders/${id}/edit`, input)).data.data,
    onSuccess: (order) => storeOrder(client, order),
  });
}

export function useDeleteGoodsOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/goods-orders/${id}`);
    },
    onSuccess: (_nothing, id) => {
      client.removeQueries({ queryKey: goodsOrderKeys.detail(id) });
      return client.invalidateQueries({ queryKey: goodsOrderKeys.lists() });
    },
  });
}

export type GoodsReceiptAnswer = GoodsReceipt & { order: GoodsOrder };

/** Books a delivery into stock; the order comes back with it. Products' stock and cost changed too. */
export function useReceiveGoods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: GoodsReceiptInput }) =>
      (await http.post<{ data: GoodsReceiptAnswer }>(`/api/goods-orders/${id}/receive`, input)).data.data,
    onSuccess: (receipt) => Promise.all([storeOrder(client, receipt.order), client.invalidateQueries({ queryKey: queryKeys.products.all })]),
  });
}

export function useEmailGoodsOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: GoodsOrderEmailInput }) =>
      (await http.post<{ data: { sentTo: string } }>(`/api/goods-orders/${id}/email`, input)).data.data,
    // A failed send is on the timeline too.
    onSettled: (_result, _error, { id }) => client.invalidateQueries({ queryKey: goodsOrderTimelineKey(id) }),
  });
}

/** Where the purchase order's PDF downloads from (a plain link; the server puts the download on the timeline). */
export function goodsOrderPdfUrl(id: number): string {
  return `/api/goods-orders/${id}/pdf`;
}

/** What the supplier has that is low at the outlet, with the quantity that reaches each reorder level. */
export async function fetchLowStock(supplierId: number, outletId: number): Promise<LowStockSuggestion[]> {
  return (await http.get<{ data: LowStockSuggestion[] }>('/api/goods-orders/low-stock', { params: { supplierId, outletId } })).data.data;
}

/** Suppliers to order from (`GET /api/suppliers/list`), shared with every supplier picker. */
export function useSupplierChoices() {
  return useQuery({
    queryKey: queryKeys.suppliers.choices(),
    queryFn: async () => (await http.get<{ data: Choice[] }>('/api/suppliers/list')).data.data,
    staleTime: 30_000,
  });
}

/** The supplier with the products it supplies (their SKU and cost), to prefill an order's lines. */
export function useSupplierTerms(supplierId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.suppliers.detail(supplierId ?? 0),
    queryFn: async () => (await http.get<{ data: Supplier }>(`/api/suppliers/${supplierId}/edit`)).data.data,
    enabled: supplierId !== undefined,
    staleTime: 30_000,
  });
}
