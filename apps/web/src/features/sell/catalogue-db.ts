import type { AdditionalChargeListItem, SyncCategory, TaxListItem } from '@tillbook/contract';
import Dexie, { type EntityTable } from 'dexie';

/**
 * One stored piece of the register's copy: a page of products as the server sent them (JSON text,
 * which IndexedDB stores and reads back far faster than the same objects), and the products it
 * deletes. Pieces are replayed in `seq` order when the till opens: a later piece's version of a
 * product wins, so a change is one new piece, never a rewrite of the one that held the product.
 */
export type CatalogueChunk = {
  seq: number;
  /** The full copy it belongs to: a finished full copy drops every piece of an older one. */
  generation: number;
  /** SyncProduct[] as JSON. */
  products: string;
  deleted: number[];
};

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
  /** Products the full copy under way holds (the server says it with the copy's first page). */
  copyTotal: number | null;
  /** Products the copy held when it was last stored: how far a stored copy's reading has come. */
  held: number;
  /** The next piece's number. */
  nextSeq: number;
  taxes: TaxListItem[];
  charges: AdditionalChargeListItem[];
  categories: SyncCategory[];
};

export type CatalogueDb = Dexie & {
  chunks: EntityTable<CatalogueChunk, 'seq'>;
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
  db.version(2).stores({ shelf: '[categoryId+sortTitle+productId], productId' });
  // Version 3 keeps the copy in pieces of a page each (decision 030): a copy stored one product per
  // row, with its indexes, is dropped and made again.
  db.version(3)
    .stores({ products: null, taxes: null, charges: null, categories: null, shelf: null, chunks: 'seq, generation' })
    .upgrade(async (tx) => {
      await tx.table('meta').clear();
    });
  return db;
}

export const emptyMeta: SyncMeta = {
  key: 'sync',
  cursor: null,
  complete: false,
  copying: true,
  generation: 0,
  lastSyncedAt: null,
  copyTotal: null,
  held: 0,
  nextSeq: 1,
  taxes: [],
  charges: [],
  categories: [],
};

export async function readSyncMeta(db: CatalogueDb): Promise<SyncMeta> {
  const stored = await db.meta.get('sync');
  return stored ? { ...emptyMeta, ...stored } : emptyMeta;
}

/** Writes a piece and the meta row that follows it in one transaction: a page is in the copy whole, or not at all. */
export async function storeChunk(db: CatalogueDb, chunk: Omit<CatalogueChunk, 'seq'>, meta: SyncMeta, dropOlderThan: number | null): Promise<SyncMeta> {
  const next = { ...meta, nextSeq: meta.nextSeq + 1 };
  await db.transaction('rw', [db.chunks, db.meta], async () => {
    if (chunk.products !== '[]' || chunk.deleted.length > 0) await db.chunks.put({ ...chunk, seq: meta.nextSeq });
    if (dropOlderThan !== null) await db.chunks.where('generation').below(dropOlderThan).delete();
    await db.meta.put(next);
  });
  return next;
}

/** Every piece, oldest first, read a few at a time so the first products are usable early. */
export async function readChunks(db: CatalogueDb, onChunk: (chunk: CatalogueChunk) => Promise<void>): Promise<number> {
  const keys = await db.chunks.toCollection().primaryKeys();
  const batch = 4;
  let next = db.chunks.bulkGet(keys.slice(0, batch));
  for (let i = 0; i < keys.length; i += batch) {
    const chunks = await next;
    // The next pieces are read while these are taken in.
    next = db.chunks.bulkGet(keys.slice(i + batch, i + 2 * batch));
    for (const chunk of chunks) {
      if (!chunk) continue;
      // Taken in a slice at a time: between slices the screen's keys and scans are answered.
      await onChunk(chunk);
    }
  }
  await next;
  return keys.length;
}

/** Replaces every piece by pieces written from memory (products as JSON text): a long day of small changes takes few reads the next morning. */
export async function compactChunks(db: CatalogueDb, products: string[], meta: SyncMeta, size: number): Promise<SyncMeta> {
  let seq = meta.nextSeq;
  const chunks: CatalogueChunk[] = [];
  for (let i = 0; i < products.length; i += size) {
    chunks.push({ seq, generation: meta.generation, products: `[${products.slice(i, i + size).join(',')}]`, deleted: [] });
    seq += 1;
  }
  const next = { ...meta, nextSeq: seq };
  await db.transaction('rw', [db.chunks, db.meta], async () => {
    await db.chunks.where('seq').below(meta.nextSeq).delete();
    await db.chunks.bulkPut(chunks);
    await db.meta.put(next);
  });
  return next;
}
