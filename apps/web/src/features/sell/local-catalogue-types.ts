import type { SaleItem, SyncCategory, SyncProduct, SyncVariant } from '@tillbook/contract';

/**
 * The sell screen's copy of its outlet's catalogue (IndexedDB, filled and kept current through
 * GET /api/products/sync): finding a product or a scanned barcode needs no round trip.
 */
export type LocalCatalogue = {
  /** Active products with every typed word starting a word of the title, a SKU or a barcode (any case); best matches first. */
  search(text: string, limit?: number): Promise<SyncProduct[]>;
  /** The active variant whose barcode, or SKU (any case), is exactly `code`, with its product; asked of the server while the copy is partial. */
  findByCode(code: string): Promise<{ product: SyncProduct; variant: SyncVariant } | null>;
  /**
   * The same, answered within the event that asks (a scan's Enter) when the copy can: its line is
   * then drawn in the next frame. Undefined when it cannot say at once (not in the copy yet, the
   * copy busy, no shared memory): `findByCode` answers.
   */
  findByCodeAtOnce?(code: string): { product: SyncProduct; variant: SyncVariant } | undefined;
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
  /** Null until the first products are in; usable from then on while the rest comes (`status` loading). */
  catalogue: LocalCatalogue | null;
  /** `loading` while the copy is being made or read: the catalogue, when there is one, holds part of it. */
  status: 'loading' | 'ready' | 'error';
  /** Products received (or read from the stored copy) so far. */
  received: number;
  /** How many products the copy being made or read holds in all, when known: the progress bar's end. */
  total: number | null;
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
