import type { ListItem, PageMeta, StaffUpdateInput, StaffUser, UserTypeItem } from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { createQueryKeys } from '../../lib/query-keys.ts';

export const userKeys = createQueryKeys('users');

export type UserListParams = Record<string, string | number>;

export function useStaffUsers(params: UserListParams, enabled = true) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: async () => (await http.get<{ data: StaffUser[]; meta: PageMeta }>('/api/users', { params })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useStaffUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: StaffUser }>(`/api/users/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

export function useUserTypes(enabled = true) {
  return useQuery({
    queryKey: ['users', 'types'],
    queryFn: async () => (await http.get<{ data: UserTypeItem[] }>('/api/users/types')).data.data,
    staleTime: Infinity,
    enabled,
  });
}

/** Outlet names for the outlet picker and the list's outlet column. */
export function useOutletNames(enabled = true) {
  return useQuery({
    queryKey: ['outlets', 'names'],
    queryFn: async () => (await http.get<{ data: ListItem[] }>('/api/outlets/list')).data.data,
    staleTime: 60_000,
    enabled,
  });
}

export function useSaveStaffUser(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StaffUpdateInput) =>
      id === undefined
        ? (await http.post<{ data: StaffUser }>('/api/users/create', input)).data.data
        : (await http.put<{ data: StaffUser }>(`/api/users/${id}/edit`, input)).data.data,
    onSuccess: async (user) => {
      client.setQueryData(userKeys.detail(user.id), user);
      await client.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useDeleteStaffUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/users/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
