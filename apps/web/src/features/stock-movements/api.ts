import type { PageMeta, Product, StockLedgerEntry } from '@tillbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type StockMovementParams = Record<string, string | number>;

/** The filters of the ledger list, as the address and the API name them. */
export const stockMovementFilterKeys = ['outletId', 'reason', 'productId', 'userId', 'from', 'to'] as const;

export function useStockMovements(params: StockMovementParams) {
  return useQuery({
    queryKey: queryKeys.stockMovements.list(params),
    queryFn: async () => (await http.get<{ data: StockLedgerEntry[]; meta: PageMeta }>('/api/stock-movements', { params })).data,
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the list's current filters (a plain download link). */
export function stockMovementsExportUrl(params: StockMovementParams): string {
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([key]) => key !== 'page' && key !== 'perPage')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  return `/api/stock-movements/export${query ? `?${query}` : ''}`;
}

/** The title of the product the list is narrowed to (the filter's chip). */
export function useProductTitle(productId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.products.detail(productId ?? 0),
    queryFn: async () => (await http.get<{ data: Product }>(`/api/products/${productId}/edit`)).data.data,
    enabled: productId !== undefined,
    select: (product) => product.title,
  });
}
