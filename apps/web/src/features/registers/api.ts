import type { PageMeta, Register, RegisterInput, RegisterListItem } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { createQueryKeys } from '../../lib/query-keys.ts';
import { receiptKeys } from '../receipts/api.ts';

export const registerKeys = createQueryKeys('registers');

export type RegisterListParams = { page: number; perPage: number; search?: string; sort?: string; outletId?: string; receiptTemplateId?: string; active?: string };

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

/** Active outlets for the outlet picker and filter. */
export function useOutletOptions() {
  return useQuery({
    queryKey: ['outlets', 'list', 'options'],
    queryFn: async () => (await http.get<{ data: Array<{ id: number; name: string }> }>('/api/outlets/list')).data.data,
  });
}

/** Creates (no id) or updates (id) a register; lists, and template register counts, refresh afterwards. */
export function useSaveRegister(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      id === undefined
        ? (await http.post<{ data: Register }>('/api/registers/create', input)).data.data
        : (await http.put<{ data: Register }>(`/api/registers/${id}/edit`, input)).data.data,
    onSuccess: async (register) => {
      client.setQueryData(registerKeys.detail(register.id), register);
      await Promise.all([client.invalidateQueries({ queryKey: registerKeys.lists() }), client.invalidateQueries({ queryKey: receiptKeys.lists() })]);
    },
  });
}

export function useDeleteRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/registers/${id}`);
    },
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: registerKeys.lists() }), client.invalidateQueries({ queryKey: receiptKeys.lists() })]),
  });
}
