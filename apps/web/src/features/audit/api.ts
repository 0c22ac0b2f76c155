import type { AuditPage } from '@tillbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { createQueryKeys } from '../../lib/query-keys.ts';

export type AuditParams = Record<string, string | number>;

const auditKeys = createQueryKeys('audit');

/** The filters of the audit log, as the address and the API name them. */
export const auditFilterKeys = ['userId', 'action', 'registerId', 'from', 'to'] as const;

export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: async () => (await http.get<AuditPage>('/api/audit', { params })).data,
    placeholderData: keepPreviousData,
  });
}

/** The CSV export of the list's current filters and search (a plain download link). */
export function auditExportUrl(params: AuditParams): string {
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([key]) => key !== 'page' && key !== 'perPage')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  return `/api/audit/export${query ? `?${query}` : ''}`;
}
