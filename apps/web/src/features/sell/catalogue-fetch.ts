import { PRODUCT_SYNC_MAX_LIMIT, type ProductSyncResult, type SyncProduct } from '@tillbook/contract';
import type { AxiosInstance } from 'axios';

/**
 * The register copy's two calls, on the client given: the page's one (api.ts) or, in the copy's
 * worker, one made from the same defaults (the page's client signs out and redirects, which a
 * worker cannot). Not queries: the copy lives in IndexedDB (catalogue-sync.ts).
 */
export function catalogueFetchers(http: AxiosInstance) {
  return {
    /** One page of the outlet's catalogue: everything from the start, or the changes since a cursor. */
    async page(outletId: number, since: string | null): Promise<ProductSyncResult> {
      const params = { outletId, limit: PRODUCT_SYNC_MAX_LIMIT, ...(since ? { since } : {}) };
      return (await http.get<{ data: ProductSyncResult }>('/api/products/sync', { params })).data.data;
    },
    /** The products whose active variant has this barcode or SKU: a scan the copy does not hold yet. */
    async code(outletId: number, code: string): Promise<SyncProduct[]> {
      return (await http.get<{ data: SyncProduct[] }>('/api/products/sync/code', { params: { outletId, code } })).data.data;
    },
  };
}
