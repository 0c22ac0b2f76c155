import type { SaleItem, SyncCategory, SyncProduct, SyncVariant } from '@tillbook/contract';

/**
 * The sell screen's copy of its outlet's catalogue (IndexedDB, filled and kept current through
 * GET /api/products/sync): finding a product or a scanned barcode needs no round trip.
 */
export type LocalCatalogue = {
  /** Active products whose title, or a variant's SKU or barcode, contains `text` (any case); best matches first. */
  search(text: string, limit?: number): Promise<SyncProduct[]>;
  /** The active variant whose barcode, or SKU (any case), is exactly `code`, with its product. */
  findByCode(code: string): Promise<{ product: SyncProduct; variant: SyncVariant } | null>;
  /** The active variant with this id, with its product (a reward's free product). */
  findByVariant(variantId: number): Promise<{ product: SyncProduct; variant: SyncVariant } | null>;
  /** Active products filed under a category (or its sub-categories); every product when null. */
  productsInCategory(categoryId: number | null, limit?: number): Promise<SyncProduct[]>;
  /** Every category, for the tiles (parentId null: top level), ordered by position. */
  categories(): Promise<SyncCategory[]>;
  /** What the pricing engine needs for one variant: its price, the product's taxes and charges in order. */
  saleItemOf(product: SyncProduct, variant: SyncVariant): SaleItem;
};

export type LocalCatalogueState = {
  /** Null until the first full copy is in (the screen shows progress meanwhile). */
  catalogue: LocalCatalogue | null;
  status: 'loading' | 'ready' | 'error';
  /** Products received in the sync that is running. */
  received: number;
  error: string | null;
  lastSyncedAt: Date | null;
  /** Asks the server for changes now (after a sale, so stock figures follow). */
  refresh(): void;
};

/** A parked sale, kept in IndexedDB per register until it is resumed or discarded. */
export type HeldSale<T> = {
  id: string;
  registerId: number;
  heldAt: string;
  /** What the list shows: "3 items · Alex Morgan · $42.10". */
  label: string;
  data: T;
};
