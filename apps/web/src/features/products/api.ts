import type {
  HistoryEntry,
  PageMeta,
  Product,
  ProductImage,
  ProductInput,
  ProductListItem,
  StockAdjustmentInput,
  StockMovement,
} from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { createQueryKeys } from '../../lib/query-keys.ts';

export const productKeys = createQueryKeys('products');

export type ProductListParams = {
  page: number;
  perPage: number;
  search?: string;
  sort?: string;
  categoryId?: string;
  stockStatus?: string;
  status?: string;
  outletId?: string;
};

export function useProducts(params: ProductListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: async () => (await http.get<{ data: ProductListItem[]; meta: PageMeta }>('/api/products', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Product }>(`/api/products/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

function useRefreshProducts() {
  const client = useQueryClient();
  return async (id?: number) => {
    await client.invalidateQueries({ queryKey: productKeys.lists() });
    if (id !== undefined) await client.invalidateQueries({ queryKey: productKeys.detail(id) });
  };
}

export function useSaveProduct(id: number | undefined) {
  const refresh = useRefreshProducts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProductInput) =>
      id === undefined
        ? (await http.post<{ data: Product }>('/api/products/create', input)).data.data
        : (await http.put<{ data: Product }>(`/api/products/${id}/edit`, input)).data.data,
    onSuccess: async (product) => {
      client.setQueryData(productKeys.detail(product.id), product);
      await refresh();
      await client.invalidateQueries({ queryKey: [...productKeys.detail(product.id), 'history'] });
    },
  });
}

/** DELETE answers 204 (deleted) or 200 {archived: true} when sales refer to the product. */
export function useDeleteProduct() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (id: number) => {
      const res = await http.delete<{ data?: { archived: boolean } }>(`/api/products/${id}`);
      return res.status === 200 && res.data?.data?.archived ? 'archived' : 'deleted';
    },
    onSuccess: () => refresh(),
  });
}

export type BulkAction = 'archive' | 'activate' | 'delete' | 'setCategory' | 'changePrice';

export function useBulkProducts() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (input: { ids: number[]; action: BulkAction; values?: { categoryId?: number; categoryMode?: 'add' | 'replace'; percent?: string } }) =>
      (await http.post<{ data: { affected: number } }>('/api/products/update', input)).data.data.affected,
    onSuccess: () => refresh(),
  });
}

export function useAdjustStock(productId: number) {
  const refresh = useRefreshProducts();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: StockAdjustmentInput) =>
      (await http.post<{ data: { quantity: number } }>(`/api/products/${productId}/stock`, input)).data.data,
    onSuccess: async () => {
      await refresh(productId);
      await client.invalidateQueries({ queryKey: [...productKeys.detail(productId), 'movements'] });
      await client.invalidateQueries({ queryKey: [...productKeys.detail(productId), 'history'] });
    },
  });
}

export function useProductHistory(productId: number, page: number) {
  return useQuery({
    queryKey: [...productKeys.detail(productId), 'history', page],
    queryFn: async () =>
      (await http.get<{ data: HistoryEntry[]; meta: PageMeta }>(`/api/products/${productId}/history`, { params: { page, perPage: 20 } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useStockMovements(productId: number, page: number) {
  return useQuery({
    queryKey: [...productKeys.detail(productId), 'movements', page],
    queryFn: async () =>
      (await http.get<{ data: StockMovement[]; meta: PageMeta }>(`/api/products/${productId}/stock`, { params: { page, perPage: 20 } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useUploadImage(productId: number) {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return (await http.post<{ data: ProductImage }>(`/api/products/${productId}/images`, form)).data.data;
    },
    onSuccess: () => refresh(productId),
  });
}

export function useDeleteImage(productId: number) {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (imageId: number) => {
      await http.delete(`/api/products/images/${imageId}`);
    },
    onSuccess: () => refresh(productId),
  });
}

export function useArrangeImages(productId: number) {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (input: { order: number[]; mainId: number }) =>
      (await http.put<{ data: ProductImage[] }>(`/api/products/${productId}/images`, input)).data.data,
    onSuccess: () => refresh(productId),
  });
}

export async function createBarcode(): Promise<string> {
  return (await http.post<{ data: { barcode: string } }>('/api/products/barcode/create')).data.data.barcode;
}
