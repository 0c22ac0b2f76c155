import type { ProductSyncResult, SyncProduct } from '@tillbook/contract';
import { apiErrorOf } from '../../lib/api-error.ts';
import { compactChunks, readChunks, readSyncMeta, storeChunk, type CatalogueChunk, type CatalogueDb, type SyncMeta } from './catalogue-db.ts';
import { nextTask } from '../../lib/next-task.ts';
import type { CatalogueIndex } from './catalogue-index.ts';

/** Products per stored piece when the copy is written again from memory (a server page holds up to 2,000). */
const CHUNK_SIZE = 2000;
/** Pieces beyond what the products need before the copy is written again in full pieces. */
const SPARE_CHUNKS = 64;

export type FetchPage = (outletId: number, since: string | null) => Promise<ProductSyncResult>;
/** How far a copy has come: products received (or read), of how many when known, and the lists they came with. */
export type SyncProgress = (received: number, total: number | null, meta: SyncMeta) => void;

/** Longest the copy holds its thread at a time while it takes products in: a scan or a key waits at most that long. */
const PUT_SLICE_MS = 6;

/** Takes products into memory a slice at a time, letting what waits (a scan, a key) run between slices. */
async function putInSlices(index: CatalogueIndex, products: SyncProduct[], generation: number): Promise<void> {
  let sliceStarted = performance.now();
  for (let i = 0; i < products.length; i += 1) {
    index.put(products[i]!, generation);
    if (i % 64 === 63 && performance.now() - sliceStarted > PUT_SLICE_MS) {
      await nextTask();
      sliceStarted = performance.now();
    }
  }
}

async function replay(index: CatalogueIndex, chunk: CatalogueChunk): Promise<void> {
  await putInSlices(index, JSON.parse(chunk.products) as SyncProduct[], chunk.generation);
  for (const id of chunk.deleted) index.remove(id);
  index.settle();
}

/**
 * Reads the stored copy into memory, piece by piece (the products read so far are usable at once),
 * and writes it again in full pieces when small changes have piled up. Returns the meta row.
 */
export async function loadStoredCopy(db: CatalogueDb, index: CatalogueIndex, onProgress: SyncProgress, isCancelled: () => boolean): Promise<SyncMeta> {
  const meta = await readSyncMeta(db);
  if (!meta.complete && !meta.cursor) return meta;
  // The lists are in before the first piece: a scan can be asked of the server from the start.
  onProgress(0, meta.held || null, meta);
  const chunks = await readChunks(db, async (chunk) => {
    if (isCancelled()) return;
    await replay(index, chunk);
    onProgress(index.size, meta.held || null, meta);
  });
  if (isCancelled() || chunks <= Math.ceil(index.size / CHUNK_SIZE) + SPARE_CHUNKS) return meta;
  return compactChunks(db, index.allJson(), meta, CHUNK_SIZE);
}

/**
 * Takes one page into memory and returns what to store for it: the active products as sent, and
 * the products it removes. A deleted variant leaves its product with the variants it has left.
 */
async function applyPage(index: CatalogueIndex, page: ProductSyncResult, generation: number): Promise<Omit<CatalogueChunk, 'seq'>> {
  // Archived products leave the copy (`put` takes them out): the register never sells them.
  await putInSlices(index, page.products, generation);
  const stored = page.products.filter((product) => product.status === 'active');
  const deleted = page.products.filter((product) => product.status !== 'active').map((product) => product.id);
  for (const id of page.deletedProductIds) {
    index.remove(id);
    deleted.push(id);
  }
  if (page.deletedVariantIds.length > 0) {
    const gone = new Set(page.deletedVariantIds);
    const owners = new Map(page.deletedVariantIds.flatMap((id) => {
      const owner = index.ownerOfVariant(id);
      return owner ? [[owner.id, owner] as const] : [];
    }));
    for (const owner of owners.values()) {
      const left = { ...owner, variants: owner.variants.filter((v) => !gone.has(v.id)) };
      index.put(left, index.generationOf(owner.id) ?? generation);
      stored.push(left);
    }
  }
  index.settle();
  return { generation, products: JSON.stringify(stored), deleted };
}

/**
 * Brings the copy up to date: a full copy page by page when there is none yet (or the server no
 * longer knows the cursor), then only changes. The next page is asked for while the last one is
 * taken in, so the server and the browser work at the same time. Returns the meta row as it ends.
 * `isCancelled` stops between pages when the screen goes away.
 */
export async function syncCatalogue(
  db: CatalogueDb,
  index: CatalogueIndex,
  outletId: number,
  fetchPage: FetchPage,
  onProgress: SyncProgress,
  isCancelled: () => boolean = () => false,
): Promise<SyncMeta> {
  let meta = await readSyncMeta(db);
  let received = 0;
  const ask = (cursor: string | null) => {
    const pending = fetchPage(outletId, cursor);
    // Awaited below; a page asked for ahead and never read must not count as unhandled.
    pending.catch(() => {});
    return pending;
  };
  let pending = ask(meta.cursor);
  for (;;) {
    let page: ProductSyncResult;
    try {
      page = await pending;
    } catch (error) {
      if (apiErrorOf(error).status !== 422 || meta.cursor === null) throw error;
      // The cursor is not one the server knows: copy everything again. The old copy stays in use
      // meanwhile; the generation lets the end of the copy drop what the server no longer has.
      meta = { ...meta, cursor: null, copying: true, copyTotal: null, generation: meta.generation + 1 };
      received = 0;
      onProgress(received, null, meta);
      pending = ask(null);
      continue;
    }
    if (isCancelled()) return meta;
    const finished = !page.hasMore;
    if (!finished) pending = ask(page.nextCursor);
    const finishesCopy = finished && meta.copying;
    const chunk = await applyPage(index, page, meta.generation);
    // The last page of a full copy: whatever the copy did not bring is gone from the server.
    if (finishesCopy) for (const id of index.olderThan(meta.generation)) index.remove(id);
    meta = {
      ...meta,
      cursor: page.nextCursor,
      complete: meta.complete || finished,
      copying: meta.copying && !finished,
      copyTotal: page.total ?? meta.copyTotal,
      lastSyncedAt: finished ? new Date().toISOString() : meta.lastSyncedAt,
      taxes: page.taxes,
      charges: page.charges,
      categories: page.categories,
      held: index.size,
    };
    meta = await storeChunk(db, chunk, meta, finishesCopy ? meta.generation : null);
    received += page.products.length;
    onProgress(received, meta.copying ? meta.copyTotal : null, meta);
    if (finished) return meta;
    if (isCancelled()) return meta;
  }
}
