import type { ProfileInput, User } from '@tillbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setUser } from '../../../lib/auth.ts';
import { http } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { currentUserQueryKey } from './get-current-user.ts';

/** PUT /api/users/edit: the signed-in user's own name, e-mail and password. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput) => (await http.put<{ data: User }>('/api/users/edit', input)).data.data,
    onSuccess: async (user) => {
      setUser(user);
      await client.invalidateQueries({ queryKey: currentUserQueryKey });
      // The staff list shows the new name too.
      await client.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}
