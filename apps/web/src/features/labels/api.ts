import type { GoodsOrder, GoodsOrderPage, LabelCreateInput, LabelLayout, LabelPreferences, LabelPriceChange, PageMeta, Product, ProductListItem } from '@tillbook/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { http } from '../../lib/http.ts';
import { fetchProduct } from '../../lib/product-search.ts';

/** One variant to label, as a line of the screen shows it. */
export type LabelSource = {
  variantId: number;
  productTitle: string;
  variantName: string;
  sku: string;
  barcode: string | null;
  price: number;
  /** Units on hand at all outlets; null when not known (a scan) or the product does not track stock. */
  stock: number | null;
  /** The units a goods order received, when the line came from one. */
  received: number | null;
};

export function useLabelLayouts() {
  return useQuery({
    queryKey: ['labels', 'layouts'],
    queryFn: async () => (await http.get<{ data: LabelLayout[] }>('/api/labels/layouts')).data.data,
    staleTime: Infinity,
  });
}

/** The layout and fields this user printed with last (null before the first print): every print remembers them. */
const preferencesKey = ['labels', 'preferences'];

export function useLabelPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: async () => (await http.get<{ data: LabelPreferences | null }>('/api/labels/preferences')).data.data,
  });
}

/** After a print: what the server now remembers, so a return to the screen opens with it. */
export function useRememberPrint() {
  const client = useQueryClient();
  return (preferences: LabelPreferences) => client.setQueryData(preferencesKey, preferences);
}

/** Goods orders that have received goods, newest first (the first hundred). */
export function useReceivedGoodsOrders() {
  return useQuery({
    queryKey: ['labels', 'received-goods-orders'],
    queryFn: async () => {
      const pages = await Promise.all(
        (['received', 'partially_received'] as const).map(
          async (status) => (await http.get<GoodsOrderPage>('/api/goods-orders', { params: { status, perPage: 50, sort: '-createdAt' } })).data.data,
        ),
      );
      return pages.flat().sort((a, b) => b.id - a.id);
    },
    staleTime: 30_000,
  });
}

function sourcesOfProduct(product: Product, onlyLow: boolean): LabelSource[] {
  const variants = product.variants.filter((v) => v.active);
  const low = variants.filter((v) => v.stock.some((s) => s.lowStockThreshold !== null && s.quantity <= s.lowStockThreshold));
  return (onlyLow && low.length > 0 ? low : variants).map((v) => ({
    variantId: v.id,
    productTitle: product.title,
    variantName: v.name,
    sku: v.sku,
    barcode: v.barcode,
    price: v.price,
    stock: product.trackStock ? v.stock.reduce((sum, s) => sum + s.quantity, 0) : null,
    received: null,
  }));
}

/** Every active product of the list's filter (up to 500), each with its variants. */
async function sourcesOfProductList(params: Record<string, string | number>, onlyLow: boolean): Promise<LabelSource[]> {
  const found: ProductListItem[] = [];
  for (let page = 1; page <= 5; page += 1) {
    const answer = (await http.get<{ data: ProductListItem[]; meta: PageMeta }>('/api/products', { params: { ...params, status: 'active', perPage: 100, page } })).data;
    found.push(...answer.data);
    if (page >= answer.meta.lastPage) break;
  }
  const products = await Promise.all(found.map((item) => fetchProduct(item.id)));
  return products.flatMap((product) => sourcesOfProduct(product, onlyLow));
}

/** The variants of a category's active products. */
export function fetchCategorySources(categoryId: number): Promise<LabelSource[]> {
  return sourcesOfProductList({ categoryId }, false);
}

/** The variants that are low in stock. */
export function fetchLowStockSources(): Promise<LabelSource[]> {
  return sourcesOfProductList({ stockStatus: 'low' }, true);
}

/** A goods order's received items, with each variant's price and stock now. */
export async function fetchGoodsOrderSources(id: number): Promise<LabelSource[]> {
  const order = (await http.get<{ data: GoodsOrder }>(`/api/goods-orders/${id}/edit`)).data.data;
  const items = order.items.filter((item) => item.receivedQuantity > 0);
  const products = await Promise.all([...new Set(items.map((item) => item.productId))].map((productId) => fetchProduct(productId)));
  const variants = new Map(products.flatMap((product) => sourcesOfProduct(product, false)).map((source) => [source.variantId, source]));
  return items.map((item) => ({
    variantId: item.variantId,
    productTitle: item.productTitle,
    variantName: item.variantName,
    sku: item.sku,
    barcode: item.barcode,
    price: variants.get(item.variantId)?.price ?? 0,
    stock: variants.get(item.variantId)?.stock ?? item.onHand,
    received: item.receivedQuantity,
  }));
}

/** The variants whose price changed on or after a day (the shop's), newest change first. */
export async function fetchPriceChangeSources(since: string): Promise<LabelSource[]> {
  const changes = (await http.get<{ data: LabelPriceChange[] }>('/api/labels/price-changes', { params: { since } })).data.data;
  return changes.map((change) => ({
    variantId: change.variantId,
    productTitle: change.title,
    variantName: change.variantName,
    sku: change.sku,
    barcode: change.barcode,
    price: change.price,
    stock: change.stock,
    received: null,
  }));
}

/** A failed file call carries its JSON error as bytes: read them so the error reads like any other. */
function withJsonError(error: unknown): never {
  if (isAxiosError(error) && error.response && error.response.data instanceof ArrayBuffer) {
    try {
      error.response.data = JSON.parse(new TextDecoder().decode(error.response.data)) as unknown;
    } catch {
      error.response.data = {};
    }
  }
  throw error;
}

/** POST /api/labels/create: the labels as a PDF or ZPL file (read as bytes, handed on as a file). */
export async function createLabels(input: LabelCreateInput): Promise<Blob> {
  try {
    const answer = await http.post<ArrayBuffer>('/api/labels/create', input, { responseType: 'arraybuffer' });
    const type = String(answer.headers['content-type'] ?? (input.format === 'zpl' ? 'text/plain' : 'application/pdf'));
    return new Blob([answer.data], { type });
  } catch (error) {
    return withJsonError(error);
  }
}
