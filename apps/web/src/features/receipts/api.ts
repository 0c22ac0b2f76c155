import type { PageMeta, ReceiptTemplate, ReceiptTemplateInput, ReceiptTemplateListItem } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiptTemplateQuery } from '../../components/receipt/api.ts';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const receiptKeys = queryKeys.receipts;

export type ReceiptListParams = Record<string, string | number>;

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

/** Reads a template once, on demand (the form starts from a copy of it). */
export function useLoadReceiptTemplate() {
  const client = useQueryClient();
  return (id: number) => client.fetchQuery(receiptTemplateQuery(id));
}

/** Creates a template (templates are never edited: a change is a new one). */
export function useCreateReceiptTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReceiptTemplateInput) => (await http.post<{ data: ReceiptTemplate }>('/api/receipts/create', input)).data.data,
    onSuccess: async (template) => {
      client.setQueryData(receiptKeys.detail(template.id), template);
      await client.invalidateQueries({ queryKey: receiptKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
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
      await client.invalidateQueries({ queryKey: receiptKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
