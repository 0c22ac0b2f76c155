import type { Outlet, PageMeta, Register, RegisterInput, RegisterListItem } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const registerKeys = queryKeys.registers;

export type RegisterListParams = Record<string, string | number>;

export function registerListQuery(params: RegisterListParams) {
  return queryOptions({
    queryKey: registerKeys.list(params),
    queryFn: async () => (await http.get<{ data: RegisterListItem[]; meta: PageMeta }>('/api/registers', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useRegisters(params: RegisterListParams) {
  return useQuery(registerListQuery(params));
}

export function useRegister(id: number | undefined) {
  return useQuery({
    queryKey: registerKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Register }>(`/api/registers/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

const outletsWithCodesParams = { page: 1, perPage: 100, sort: 'name' };

/**
 * Every outlet with its code (the slug suggestion needs it); inactive ones stay choosable for old
 * registers. Cached as the outlets list page of these params, in that list's shape.
 */
export function useOutletsWithCodes() {
  return useQuery({
    queryKey: queryKeys.outlets.list(outletsWithCodesParams),
    queryFn: async () => (await http.get<{ data: Outlet[]; meta: PageMeta }>('/api/outlets', { params: outletsWithCodesParams })).data,
    select: (page) => page.data,
  });
}

/** Creates (no id) or updates (id) a register; lists, and the templates' register counts, refresh afterwards. */
export function useSaveRegister(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      id === undefined
        ? (await http.post<{ data: Register }>('/api/registers/create', input)).data.data
        : (await http.put<{ data: Register }>(`/api/registers/${id}/edit`, input)).data.data,
    onSuccess: async (register) => {
      client.setQueryData(registerKeys.detail(register.id), register);
      await Promise.all([
        client.invalidateQueries({ queryKey: registerKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' }),
        client.invalidateQueries({ queryKey: queryKeys.receipts.lists() }),
      ]);
    },
  });
}

export function useDeleteRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/registers/${id}`);
    },
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: registerKeys.all }), client.invalidateQueries({ queryKey: queryKeys.receipts.lists() })]),
  });
}
