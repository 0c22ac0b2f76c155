import type { PageMeta, Reward, RewardInput } from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

// Not in lib/query-keys.ts yet (owned elsewhere); the same factory, so the shape is the same.
export const rewardKeys = queryKeys.rewards;

export type RewardListParams = Record<string, string | number>;

export function useRewards(params: RewardListParams) {
  return useQuery({
    queryKey: rewardKeys.list(params),
    queryFn: async () => (await http.get<{ data: Reward[]; meta: PageMeta }>('/api/rewards', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useReward(id: number | undefined) {
  return useQuery({
    queryKey: rewardKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Reward }>(`/api/rewards/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** After any change: the reward's own cache holds the answer, and every list refreshes. */
function useRewardMutation<Input>(send: (input: Input) => Promise<Reward>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (reward) => {
      client.setQueryData(rewardKeys.detail(reward.id), reward);
      await client.invalidateQueries({ queryKey: rewardKeys.lists() });
    },
  });
}

/** Creates (no id) or updates (id) a reward. */
export function useSaveReward(id: number | undefined) {
  return useRewardMutation(async (input: RewardInput) =>
    id === undefined
      ? (await http.post<{ data: Reward }>('/api/rewards/create', input)).data.data
      : (await http.put<{ data: Reward }>(`/api/rewards/${id}/edit`, input)).data.data,
  );
}

/** Archives (the till stops offering it; its history stays) or restores a reward; its form and the lists refresh. */
export function useArchiveReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) => {
      await http.post(`/api/rewards/${id}/${archived ? 'archive' : 'restore'}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}

/** DELETE /api/rewards/{id}: refused (409) once a sale has used the reward. */
export function useDeleteReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/rewards/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}
