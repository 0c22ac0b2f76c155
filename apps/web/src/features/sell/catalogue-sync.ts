import type { ProductSyncResult } from '@tillbook/contract';
import { apiErrorOf } from '../../lib/api-error.ts';
import { fetchCataloguePage } from './api.ts';
import { shelfEntriesOf, toStoredProduct, toSyncProduct, type CatalogueDb, type StoredProduct, type SyncMeta } from './catalogue-db.ts';

const emptyMeta: SyncMeta = { key: 'sync', cursor: null, complete: false, copying: true, generation: 0, lastSyncedAt: null };

export async function readSyncMeta(db: CatalogueDb): Promise<SyncMeta> {
  return (await db.meta.get('sync')) ?? emptyMeta;
}

/**
 * Writes one page in one transaction, cursor included, so a page is either wholly in the copy or
 * not at all and an interrupted sync resumes where it stopped.
 */
async function applyPage(db: CatalogueDb, page: ProductSyncResult, meta: SyncMeta, finishesCopy: boolean): Promise<void> {
  await db.transaction('rw', [db.products, db.taxes, db.charges, db.categories, db.shelf, db.meta], async () => {
    // Every answer carries every active tax, charge and category: whatever is missing is no longer active.
    await Promise.all([db.taxes.clear(), db.charges.clear(), db.categories.clear()]);
    await Promise.all([db.taxes.bulkPut(page.taxes), db.charges.bulkPut(page.charges), db.categories.bulkPut(page.categories)]);

    // Archived products leave the copy: the register never sells them.
    const archived = page.products.filter((p) => p.status !== 'active').map((p) => p.id);
    const stored = page.products.filter((p) => p.status === 'active').map((p) => toStoredProduct(p, meta.generation));
    await removeProducts(db, [...archived, ...page.deletedProductIds]);
    await putProducts(db, stored);

    if (page.deletedVariantIds.length > 0) {
      const gone = new Set(page.deletedVariantIds);
      const found = await db.products.where('variantIds').anyOf(page.deletedVariantIds).toArray();
      const owners = [...new Map(found.map((p) => [p.id, p])).values()];
      await putProducts(
        db,
        owners.map((owner) => toStoredProduct({ ...toSyncProduct(owner), variants: owner.variants.filter((v) => !gone.has(v.id)) }, owner.generation)),
      );
    }
    // The last page of a full copy: whatever the copy did not bring is gone from the server.
    if (finishesCopy) await removeProducts(db, await db.products.where('generation').below(meta.generation).primaryKeys());
    await db.meta.put(meta);
  });
}

/** Products and their shelf entries go together; a product's categories or title may have changed. */
async function putProducts(db: CatalogueDb, products: StoredProduct[]): Promise<void> {
  if (products.length === 0) return;
  await db.shelf.where('productId').anyOf(products.map((p) => p.id)).delete();
  await Promise.all([db.products.bulkPut(products), db.shelf.bulkPut(products.flatMap(shelfEntriesOf))]);
}

async function removeProducts(db: CatalogueDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await Promise.all([db.products.bulkDelete(ids), db.shelf.where('productId').anyOf(ids).delete()]);
}

export type SyncProgress = (received: number) => void;

/**
 * Brings the copy up to date: a full copy page by page when there is none yet (or the server no
 * longer knows the cursor), then only changes. Returns the meta row as it ends. `isCancelled`
 * stops between pages when the screen goes away.
 */
export async function syncCatalogue(
  db: CatalogueDb,
  outletId: number,
  onProgress: SyncProgress,
  isCancelled: () => boolean = () => false,
): Promise<SyncMeta> {
  let meta = await readSyncMeta(db);
  let received = 0;
  for (;;) {
    let page: ProductSyncResult;
    try {
      page = await fetchCataloguePage(outletId, meta.cursor);
    } catch (error) {
      if (apiErrorOf(error).status !== 422 || meta.cursor === null) throw error;
      // The cursor is not one the server knows: copy everything again. The old copy stays in use
      // meanwhile; the generation lets the end of the copy drop what the server no longer has.
      meta = { ...meta, cursor: null, copying: true, generation: meta.generation + 1 };
      received = 0;
      onProgress(received);
      continue;
    }
    if (isCancelled()) return meta;
    const finished = !page.hasMore;
    const finishesCopy = finished && meta.copying;
    meta = {
      ...meta,
      cursor: page.nextCursor,
      complete: meta.complete || finished,
      copying: meta.copying && !finished,
      lastSyncedAt: finished ? new Date().toISOString() : meta.lastSyncedAt,
    };
    await applyPage(db, page, meta, finishesCopy);
    received += page.products.length;
    onProgress(received);
    if (finished) return meta;
    if (isCancelled()) return meta;
  }
}
