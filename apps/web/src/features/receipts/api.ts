import type { PageMeta, ReceiptTemplate, ReceiptTemplateInput, ReceiptTemplateListItem, ReceiptTemplateOption } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { createQueryKeys } from '../../lib/query-keys.ts';

export const receiptKeys = createQueryKeys('receipts');

export type ReceiptListParams = { page: number; perPage: number; search?: string; sort?: string; archived?: string };

export function receiptListQuery(params: ReceiptListParams) {
  return queryOptions({
    queryKey: receiptKeys.list(params),
    queryFn: async () => (await http.get<{ data: ReceiptTemplateListItem[]; meta: PageMeta }>('/api/receipts', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useReceiptTemplates(params: ReceiptListParams) {
  return useQuery(receiptListQuery(params));
}

/** Non-archived templates for pickers. */
export function useReceiptTemplateOptions() {
  return useQuery({
    queryKey: [...receiptKeys.lists(), 'options'],
    queryFn: async () => (await http.get<{ data: ReceiptTemplateOption[] }>('/api/receipts/list')).data.data,
  });
}

/** Creates a template (templates are never edited: a change is a new one). */
export function useCreateReceiptTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReceiptTemplateInput) => (await http.post<{ data: ReceiptTemplate }>('/api/receipts/create', input)).data.data,
    onSuccess: async (template) => {
      client.setQueryData(receiptKeys.detail(template.id), template);
      await client.invalidateQueries({ queryKey: receiptKeys.lists() });
    },
  });
}

export function useArchiveReceiptTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await http.post<{ data: ReceiptTemplate }>(`/api/receipts/${id}/${archived ? 'archive' : 'unarchive'}`)).data.data,
    onSuccess: async (template) => {
      client.setQueryData(receiptKeys.detail(template.id), template);
      await client.invalidateQueries({ queryKey: receiptKeys.lists() });
    },
  });
}
