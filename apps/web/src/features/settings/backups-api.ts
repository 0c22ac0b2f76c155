import type { BackupStatus } from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Settings › Backups: the last backup and the daily one's plan (administrators only). */
export function useBackupStatus() {
  return useQuery({
    queryKey: queryKeys.settings.detail('backups'),
    queryFn: async () => (await http.get<{ data: BackupStatus }>('/api/backups')).data.data,
  });
}
