import type { PageMeta, StaffUpdateInput, StaffUser, UserTypeItem } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const userKeys = queryKeys.users;
const userTypesKey = [...userKeys.all, 'types'] as const;

export type UserListParams = Record<string, string | number>;

export function staffUserListQuery(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: async () => (await http.get<{ data: StaffUser[]; meta: PageMeta }>('/api/users', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStaffUsers(params: UserListParams) {
  return useQuery(staffUserListQuery(params));
}

export function useStaffUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: StaffUser }>(`/api/users/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** The staff types with what each may do (the type picker's words); they never change while the app runs. */
export function useUserTypes() {
  return useQuery({
    queryKey: userTypesKey,
    queryFn: async () => (await http.get<{ data: UserTypeItem[] }>('/api/users/types')).data.data,
    staleTime: Infinity,
  });
}

/** Creates (no id) or updates (id) a staff user; lists and the user refresh afterwards. */
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
