import type { Outlet, OutletInput, PageMeta } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const outletKeys = queryKeys.outlets;

export type OutletListParams = Record<string, string | number>;

export function outletListQuery(params: OutletListParams) {
  return queryOptions({
    queryKey: outletKeys.list(params),
    queryFn: async () => (await http.get<{ data: Outlet[]; meta: PageMeta }>('/api/outlets', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useOutlets(params: OutletListParams) {
  return useQuery(outletListQuery(params));
}

export function useOutlet(id: number | undefined) {
  return useQuery({
    queryKey: outletKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Outlet }>(`/api/outlets/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Creates (no id) or updates (id) an outlet; lists and the outlet itself refresh afterwards. */
export function useSaveOutlet(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: OutletInput) =>
      id === undefined
        ? (await http.post<{ data: Outlet }>('/api/outlets/create', input)).data.data
        : (await http.put<{ data: Outlet }>(`/api/outlets/${id}/edit`, input)).data.data,
    onSuccess: async (outlet) => {
      client.setQueryData(outletKeys.detail(outlet.id), outlet);
      // Lists and every outlet picker (queryKeys.outlets.choices) show the new name.
      await client.invalidateQueries({ queryKey: outletKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

export function useDeleteOutlet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/outlets/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: outletKeys.all }),
  });
}
