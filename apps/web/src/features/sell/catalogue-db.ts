import type { AdditionalChargeListItem, SyncCategory, SyncProduct, TaxListItem } from '@tillbook/contract';
import Dexie, { type EntityTable, type Table } from 'dexie';

/**
 * A product as the register keeps it: the synced product plus the keys its indexes need, worked
 * out once when it is stored so that a keystroke reads an index instead of every product.
 */
export type StoredProduct = SyncProduct & {
  /** Lower-cased title, for alphabetical lists and "title starts with". */
  sortTitle: string;
  /** Lower-cased tokens and words of the title and of every active variant's SKU and barcode. */
  words: string[];
  /** Lower-cased SKUs and barcodes of the active variants, for an exact code. */
  codes: string[];
  variantIds: number[];
  /** The full copy that last wrote it: a finished full copy drops products it did not see. */
  generation: number;
};

/**
 * A sellable product filed under one category. Its key orders a category's products
 * alphabetically, so a tile reads its first screenful straight from the index however large the
 * category, and wherever its titles fall in the alphabet.
 */
export type ShelfEntry = { categoryId: number; sortTitle: string; productId: number };
export type ShelfKey = [categoryId: number, sortTitle: string, productId: number];

/**
 * Where the sync stands. `complete`: a full copy has come in once (the screen can sell from it);
 * `copying`: a full copy is under way (the first, or again after the server refused the cursor).
 */
export type SyncMeta = {
  key: 'sync';
  cursor: string | null;
  complete: boolean;
  copying: boolean;
  generation: number;
  lastSyncedAt: string | null;
};

export type CatalogueDb = Dexie & {
  products: EntityTable<StoredProduct, 'id'>;
  taxes: EntityTable<TaxListItem, 'id'>;
  charges: EntityTable<AdditionalChargeListItem, 'id'>;
  categories: EntityTable<SyncCategory, 'id'>;
  shelf: Table<ShelfEntry, ShelfKey>;
  meta: EntityTable<SyncMeta, 'key'>;
};

export function catalogueDbName(outletId: number): string {
  return `tillbook-catalogue-${outletId}`;
}

/** One database per outlet: stock figures and the catalogue copy are the outlet's. */
export function openCatalogueDb(outletId: number): CatalogueDb {
  const db = new Dexie(catalogueDbName(outletId)) as CatalogueDb;
  db.version(1).stores({
    products: 'id, sortTitle, *words, *codes, *categoryIds, *variantIds, generation',
    taxes: 'id',
    charges: 'id',
    categories: 'id',
    meta: 'key',
  });
  // The shelf is filled as products are written: a copy made before it existed is made again.
  db.version(2)
    .stores({ shelf: '[categoryId+sortTitle+productId], productId' })
    .upgrade(async (tx) => {
      await Promise.all([tx.table('products').clear(), tx.table('meta').clear()]);
    });
  return db;
}

/** A product whose every variant is retired cannot be sold: lists leave it out. */
export function isSellable(product: SyncProduct): boolean {
  return product.variants.some((v) => v.active);
}

export function shelfEntriesOf(product: StoredProduct): ShelfEntry[] {
  if (!isSellable(product)) return [];
  return product.categoryIds.map((categoryId) => ({ categoryId, sortTitle: product.sortTitle, productId: product.id }));
}

/** Lower-cased words: letters and digits, split at anything else ("T-shirt" → t, shirt). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Lower-cased pieces between spaces, as a cashier types them ("t-shirt", "330ml"). */
export function tokensOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/u).filter(Boolean);
}

export function toStoredProduct(product: SyncProduct, generation: number): StoredProduct {
  const active = product.variants.filter((v) => v.active);
  const codes = new Set<string>();
  for (const variant of active) {
    if (variant.sku) codes.add(variant.sku.toLowerCase());
    if (variant.barcode) codes.add(variant.barcode.toLowerCase());
  }
  return {
    ...product,
    sortTitle: product.title.toLowerCase(),
    // Title and codes as typed ("t-shirt", "shirt-m-red") and in their parts ("shirt", "red"), so either finds them.
    words: [...new Set([...tokensOf(product.title), ...wordsOf(product.title), ...codes, ...[...codes].flatMap(wordsOf)])],
    codes: [...codes],
    variantIds: product.variants.map((v) => v.id),
    generation,
  };
}

/** The synced product without the register's own index keys. */
export function toSyncProduct(stored: StoredProduct): SyncProduct {
  const { sortTitle: _sortTitle, words: _words, codes: _codes, variantIds: _variantIds, generation: _generation, ...product } = stored;
  return product;
}
