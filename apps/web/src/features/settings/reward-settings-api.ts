import type { RewardSettingsInput, RewardSettingsView } from '@tillbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { rewardSettingsQuery } from '../../lib/reward-settings.ts';

export { useRewardSettings } from '../../lib/reward-settings.ts';

/** PUT /api/settings/rewards: the whole rules at once; the answer is what the screen shows next. */
export function useSaveRewardSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RewardSettingsInput) => (await http.put<{ data: RewardSettingsView }>('/api/settings/rewards', input)).data.data,
    onSuccess: (saved) => client.setQueryData(rewardSettingsQuery.queryKey, saved),
  });
}
