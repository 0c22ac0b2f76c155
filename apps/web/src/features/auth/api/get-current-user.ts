import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tillbook/contract';
import { http } from '../../../lib/http.ts';

export async function getCurrentUser(): Promise<User> {
  const response = await http.get<User>('/api/user');
  return response.data;
}

export const currentUserQueryKey = ['session', 'user'] as const;

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 60_000 });
}

/** Asks the server who is signed in; a 401 answer signs the user out (lib/http.ts). */
export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions());
}
