import type {
  PageMeta,
  StockTransfer,
  StockTransferInput,
  StockTransferListItem,
  StockTransferOnHand,
  StockTransferReceiveInput,
  StockTransferUpdateInput,
} from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const transferKeys = queryKeys.stockTransfers;

export type StockTransferListParams = Record<string, string | number>;

export function useStockTransfers(params: StockTransferListParams) {
  return useQuery({
    queryKey: transferKeys.list(params),
    queryFn: async () => (await http.get<{ data: StockTransferListItem[]; meta: PageMeta }>('/api/stock-transfers', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStockTransfer(id: number | undefined) {
  return useQuery({
    queryKey: transferKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: StockTransfer }>(`/api/stock-transfers/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** What an outlet holds of the lines being typed: one call for them all, kept while more are added. */
export function useOnHand(outletId: number | null, variantIds: number[]) {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...transferKeys.all, 'on-hand', outletId, ids] as const,
    queryFn: async () =>
      (await http.get<{ data: StockTransferOnHand }>('/api/stock-transfers/on-hand', { params: { outletId, variantIds: ids.join(',') } })).data.data,
    enabled: outletId !== null && ids.length > 0,
    placeholderData: keepPreviousData,
    select: (rows) => new Map(rows.map((row) => [row.variantId, row.quantity])),
  });
}

/**
 * The transfer as the server answered it goes in the cache; lists refresh, and so do products,
 * whose levels a send or a receipt changed.
 */
function store(client: QueryClient, transfer: StockTransfer) {
  client.setQueryData(transferKeys.detail(transfer.id), transfer);
  return Promise.all([
    client.invalidateQueries({ queryKey: transferKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' }),
    client.invalidateQueries({ queryKey: queryKeys.products.all }),
  ]);
}

/** Creates a transfer (a draft, or sent at once) or changes one: its draft fields and lines, and its status. */
export function useSaveStockTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: { id: undefined; input: StockTransferInput } | { id: number; input: StockTransferUpdateInput }) =>
      save.id === undefined
        ? (await http.post<{ data: StockTransfer }>('/api/stock-transfers/create', save.input)).data.data
        : (await http.put<{ data: StockTransfer }>(`/api/stock-transfers/${save.id}/edit`, save.input)).data.data,
    onSuccess: (transfer) => store(client, transfer),
  });
}

export function useReceiveStockTransfer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StockTransferReceiveInput) => (await http.post<{ data: StockTransfer }>(`/api/stock-transfers/${id}/receive`, input)).data.data,
    onSuccess: (transfer) => store(client, transfer),
  });
}

export function useDeleteStockTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/stock-transfers/${id}`);
    },
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: transferKeys.detail(id) });
      return client.invalidateQueries({ queryKey: transferKeys.lists() });
    },
  });
}
