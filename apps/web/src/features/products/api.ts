import type {
  HistoryEntry,
  PageMeta,
  Product,
  ProductImage,
  ProductInput,
  ProductListItem,
  StockAdjustmentInput,
  StockLedgerEntry,
  UploadResult,
} from '@tillbook/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const productKeys = queryKeys.products;

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

export function productListQuery(params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: async () => (await http.get<{ data: ProductListItem[]; meta: PageMeta }>('/api/products', { params })).data,
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams) {
  return useQuery(productListQuery(params));
}

export function useProduct(id: number | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: Product }>(`/api/products/${id}/edit`)).data.data,
    enabled: id !== undefined,
  });
}

/** Everything cached about products refreshes: lists, the product with its history and stock, searches. */
/** Products, and the stock ledger their changes write to. */
function useRefreshProducts() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: productKeys.all }), client.invalidateQueries({ queryKey: queryKeys.stockMovements.all })]);
}

/** Creates (no id) or updates (id) a product; the saved product is kept as answered, the rest refreshes. */
export function useSaveProduct(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProductInput) =>
      id === undefined
        ? (await http.post<{ data: Product }>('/api/products/create', input)).data.data
        : (await http.put<{ data: Product }>(`/api/products/${id}/edit`, input)).data.data,
    onSuccess: async (product) => {
      const detailKey = productKeys.detail(product.id);
      client.setQueryData(detailKey, product);
      // The answer is the saved product: only what hangs off it (history) and the lists reload.
      await client.invalidateQueries({
        queryKey: productKeys.all,
        predicate: (query) => !(query.queryKey.length === detailKey.length && query.queryKey.every((part, i) => part === detailKey[i])),
      });
    },
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
  return useMutation({
    mutationFn: async (input: StockAdjustmentInput) =>
      (await http.post<{ data: { quantity: number } }>(`/api/products/${productId}/stock`, input)).data.data,
    onSuccess: () => refresh(),
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

/** The product's lines of the stock ledger (GET /api/stock-movements?productId=…), each with its document. */
export function useStockMovements(productId: number, page: number) {
  const params = { productId, page, perPage: 20 };
  return useQuery({
    queryKey: queryKeys.stockMovements.list(params),
    queryFn: async () => (await http.get<{ data: StockLedgerEntry[]; meta: PageMeta }>('/api/stock-movements', { params })).data,
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
    onSuccess: () => refresh(),
  });
}

export function useDeleteImage() {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (imageId: number) => {
      await http.delete(`/api/products/images/${imageId}`);
    },
    onSuccess: () => refresh(),
  });
}

export function useArrangeImages(productId: number) {
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: async (input: { order: number[]; mainId: number }) =>
      (await http.put<{ data: ProductImage[] }>(`/api/products/${productId}/images`, input)).data.data,
    onSuccess: () => refresh(),
  });
}

export async function createBarcode(): Promise<string> {
  return (await http.post<{ data: { barcode: string } }>('/api/products/barcode/create')).data.data.barcode;
}

export type UploadOptions = { file: File; dryRun: boolean; outletId: string; onProgress: (percent: number | null) => void };

/** POST /api/products/upload: the upload's own progress, then null while the server works through the rows. */
async function uploadProducts({ file, dryRun, outletId, onProgress }: UploadOptions): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  const response = await http.post<{ data: UploadResult }>('/api/products/upload', form, {
    params: { ...(dryRun ? { dryRun: 1 } : {}), ...(outletId ? { outletId } : {}) },
    onUploadProgress: (event) => onProgress(event.total && event.loaded < event.total ? (event.loaded / event.total) * 100 : null),
  });
  return response.data.data;
}

/** A CSV import, checked first (dryRun) and then run; a run that imported refreshes the product lists. */
export function useUploadProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadProducts,
    onSuccess: async (_result, { dryRun }) => {
      if (!dryRun) await client.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
