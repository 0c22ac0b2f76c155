import type {
  Category,
  CategoryBulkInput,
  CategoryBulkResult,
  CategoryInput,
  CategoryUploadResult,
  PageMeta,
} from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const categoryKeys = queryKeys.categories;

export type CategoryListParams = Record<string, string | number>;

export function categoryListQuery(params: CategoryListParams) {
  return queryOptions({
    queryKey: categoryKeys.list(params),
    queryFn: async () => (await http.get<{ data: Category[]; meta: PageMeta }>('/api/categories', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCategories(params: CategoryListParams) {
  return useQuery(categoryListQuery(params));
}

/** How many categories match (the status filter shows these beside each choice). */
export function useCategoryCount(params: { search?: string; active?: string }) {
  return useQuery({
    // Beside the lists, so whatever refreshes the lists refreshes the counts.
    queryKey: [...categoryKeys.lists(), 'count', params],
    queryFn: async () => (await http.get<{ data: { count: number } }>('/api/categories/count', { params })).data.data.count,
    placeholderData: keepPreviousData,
  });
}

export function useCategory(id: number | undefined) {
  return useQuery({
    queryKey: categoryKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Category }>(`/api/categories/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** After any change: lists, counts, pickers and the changed categories themselves refresh. */
function useRefreshCategories() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: categoryKeys.all });
}

export function useSaveCategory(id: number | undefined) {
  const client = useQueryClient();
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: async (input: CategoryInput) =>
      id === undefined
        ? (await http.post<{ data: Category }>('/api/categories/create', input)).data.data
        : (await http.put<{ data: Category }>(`/api/categories/${id}/edit`, input)).data.data,
    onSuccess: async (category) => {
      client.setQueryData(categoryKeys.detail(category.id), category);
      await refresh();
    },
  });
}

export type DeleteCategoryInput = { id: number; moveTo?: number; moveChildren?: boolean };

export function useDeleteCategory() {
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: async ({ id, moveTo, moveChildren }: DeleteCategoryInput) => {
      await http.delete(`/api/categories/${id}`, {
        params: { ...(moveTo !== undefined ? { moveTo } : {}), ...(moveChildren ? { moveChildren: 1 } : {}) },
      });
    },
    onSuccess: refresh,
  });
}

export function useBulkUpdateCategories() {
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: async (input: CategoryBulkInput) =>
      (await http.post<{ data: CategoryBulkResult }>('/api/categories/update', input)).data.data,
    onSuccess: refresh,
  });
}

export type UploadCategoriesInput = { file: File; dryRun: boolean; onProgress?: (percent: number) => void };

/** CSV import; `dryRun` previews. The progress callback follows the upload (axios onUploadProgress). */
export function useUploadCategories() {
  const refresh = useRefreshCategories();
  return useMutation({
    mutationFn: async ({ file, dryRun, onProgress }: UploadCategoriesInput) => {
      const body = new FormData();
      body.append('file', file);
      const res = await http.post<{ data: CategoryUploadResult }>('/api/categories/upload', body, {
        params: dryRun ? { dryRun: 1 } : undefined,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      });
      return res.data.data;
    },
    onSuccess: async (result) => {
      if (!result.dryRun) await refresh();
    },
  });
}
