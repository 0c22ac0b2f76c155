import type { Attribute, AttributeInput, PageMeta } from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

// The attribute picker of the product form (lib/choices.ts useAttributeChoices) lives under the
// same keys, so invalidating `all` after a change refreshes it as well.
const attributeKeys = queryKeys.attributes;

export type AttributeListParams = Record<string, string | number>;

export function attributeListQuery(params: AttributeListParams) {
  return queryOptions({
    queryKey: attributeKeys.list(params),
    queryFn: async () => (await http.get<{ data: Attribute[]; meta: PageMeta }>('/api/attributes', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAttributes(params: AttributeListParams) {
  return useQuery(attributeListQuery(params));
}

export function useAttribute(id: number | undefined) {
  return useQuery({
    queryKey: attributeKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Attribute }>(`/api/attributes/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Creates (no id) or replaces (id) an attribute with its whole option list; lists and the attribute refresh. */
export function useSaveAttribute(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AttributeInput) =>
      id === undefined
        ? (await http.post<{ data: Attribute }>('/api/attributes/create', input)).data.data
        : (await http.put<{ data: Attribute }>(`/api/attributes/${id}/edit`, input)).data.data,
    onSuccess: async (attribute) => {
      client.setQueryData(attributeKeys.detail(attribute.id), attribute);
      await client.invalidateQueries({ queryKey: attributeKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}

export function useDeleteAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(`/api/attributes/${id}`);
    },
    onSuccess: async (_, id) => {
      client.removeQueries({ queryKey: attributeKeys.detail(id) });
      await client.invalidateQueries({ queryKey: attributeKeys.all });
    },
  });
}
