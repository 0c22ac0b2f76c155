import type {
  PageMeta,
  StockCount,
  StockCountApplyInput,
  StockCountCreateInput,
  StockCountEditInput,
  StockCountEntryInput,
  StockCountLine,
  StockCountListItem,
} from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const countKeys = queryKeys.stockCounts;

export type StockCountListParams = Record<string, string | number>;

/** While a count is open, others may be counting too: the sheet and its review refresh this often. */
const liveRefreshMs = 15_000;

export function useStockCounts(params: StockCountListParams) {
  return useQuery({
    queryKey: countKeys.list(params),
    queryFn: async () => (await http.get<{ data: StockCountListItem[]; meta: PageMeta }>('/api/stock-counts', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStockCount(id: number) {
  return useQuery({
    queryKey: countKeys.detail(id),
    queryFn: async () => (await http.get<{ data: StockCount }>(`/api/stock-counts/${id}/edit`)).data.data,
    refetchInterval: (query) => (query.state.data?.status === 'counting' ? liveRefreshMs : false),
  });
}

/** A page of the sheet (search, filter), under the count's detail key so every entry refreshes it. */
export function useStockCountLines(id: number, params: StockCountListParams, isLive: boolean) {
  return useQuery({
    queryKey: [...countKeys.detail(id), 'lines', params],
    queryFn: async () => (await http.get<{ data: StockCountLine[]; meta: PageMeta }>(`/api/stock-counts/${id}/lines`, { params })).data,
    placeholderData: keepPreviousData,
    refetchInterval: isLive ? liveRefreshMs : false,
  });
}

export function useStartStockCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StockCountCreateInput) => (await http.post<{ data: StockCount }>('/api/stock-counts/create', input)).data.data,
    onSuccess: async (count) => {
      client.setQueryData(countKeys.detail(count.id), count);
      await client.invalidateQueries({ queryKey: countKeys.lists() });
    },
  });
}

/** The count changed: its review, its sheet and the lists refresh (and the stock it may have moved). */
function useRefreshCount(id: number) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: countKeys.all }),
      client.invalidateQueries({ queryKey: queryKeys.stockMovements.all }),
      client.invalidateQueries({ queryKey: queryKeys.products.all }),
    ]);
    return id;
  };
}

/** One counter's entry: "add" (a scan adds 1) or "set" (the total typed). */
export function useCountEntry(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StockCountEntryInput) => (await http.post<{ data: StockCountLine }>(`/api/stock-counts/${id}/lines`, input)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: countKeys.detail(id) }),
  });
}

export function useEditStockCount(id: number) {
  const refresh = useRefreshCount(id);
  return useMutation({
    mutationFn: async (input: StockCountEditInput) => (await http.put<{ data: StockCount }>(`/api/stock-counts/${id}/edit`, input)).data.data,
    onSuccess: refresh,
  });
}

export function useApplyStockCount(id: number) {
  const refresh = useRefreshCount(id);
  return useMutation({
    mutationFn: async (input: StockCountApplyInput) => (await http.post<{ data: StockCount }>(`/api/stock-counts/${id}/apply`, input)).data.data,
    onSuccess: refresh,
  });
}
