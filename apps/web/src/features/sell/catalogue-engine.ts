import type { SyncProduct } from '@tillbook/contract';
import { apiErrorOf } from '../../lib/api-error.ts';
import { openCatalogueDb, type SyncMeta } from './catalogue-db.ts';
import { CatalogueIndex, variantWithCode } from './catalogue-index.ts';
import { catalogueQueries, type CatalogueAtOnce, type CatalogueLists, type CatalogueQueries } from './catalogue-search.ts';
import { loadStoredCopy, syncCatalogue, type FetchPage } from './catalogue-sync.ts';

/** How often the copy asks for changes (stock sold at other registers, new prices). */
export const CATALOGUE_SYNC_INTERVAL_MS = 30_000;
/** Longest slice of work the copy takes at a time once it is in (under a frame's worth of a scan). */
const PREPARE_SLICE_MS = 8;
/** The slice of merging the copy's runs while the cashier is at work (a scan waits for at most one). */
const MERGE_SLICE_MS = 4;
/** The search lists are put in order only when the cashier has not asked anything for this long: a basket's scans come first. */
const PREPARE_AFTER_QUIET_MS = 1000;

export type FetchCode = (outletId: number, code: string) => Promise<SyncProduct[]>;

/**
 * What the screen shows of the copy. `version` moves whenever what the queries answer may have
 * changed (a page or a round of changes taken in): the screen asks again what it shows.
 */
export type CatalogueEngineState = {
  /** Null until the first products are in: the copy cannot be searched yet. */
  lists: CatalogueLists | null;
  version: number;
  status: 'loading' | 'ready' | 'error';
  received: number;
  total: number | null;
  error: string | null;
  lastSyncedAt: string | null;
  /** The server answered 401: the session is over. */
  signedOut: boolean;
};

export type CatalogueEngine = CatalogueQueries & CatalogueAtOnce & {
  /** Asks the server for changes now. */
  refresh(): void;
  stop(): void;
};

export const initialEngineState: CatalogueEngineState = {
  lists: null,
  version: 0,
  status: 'loading',
  received: 0,
  total: null,
  error: null,
  lastSyncedAt: null,
  signedOut: false,
};

const listsOf = (meta: SyncMeta): CatalogueLists => ({ taxes: meta.taxes, charges: meta.charges, categories: meta.categories });

/**
 * The outlet's catalogue copy (decision 030): read from IndexedDB, kept current through the
 * sync, held in memory and searched there. It runs in a Web Worker on the sell screen
 * (catalogue-worker.ts), so reading, parsing and indexing 300,000 products never holds up a key or
 * a scan; the same code runs on the page where there are no workers. A stored copy is read first,
 * then only changes are asked for; a first copy comes page by page with progress. Either way the
 * products already in are usable at once, and a scan the copy does not hold yet is asked of the
 * server. A failed sync keeps the copy (selling goes on), says why and is tried again on the next tick.
 */
export function startCatalogueEngine(
  outletId: number,
  fetchers: { page: FetchPage; code: FetchCode },
  onState: (state: CatalogueEngineState) => void,
): CatalogueEngine {
  const db = openCatalogueDb(outletId);
  const index = new CatalogueIndex();
  let state = initialEngineState;
  let meta: SyncMeta | null = null;
  let stopped = false;
  let running = false;
  let again = false;
  /** Every product is in memory: the stored copy is read and a full copy has come in once. */
  let whole = false;
  let storedRead: () => void = () => {};
  /** Settles once the stored copy is read (or found missing): an offline scan waits for it. */
  const storedCopyRead = new Promise<void>((resolve) => (storedRead = resolve));
  const isCancelled = () => stopped;
  const update = (patch: Partial<CatalogueEngineState>) => {
    if (stopped) return;
    state = { ...state, ...patch };
    onState(state);
  };
  /** The queries answer from a new state of the copy. */
  const changed = (next: SyncMeta): Partial<CatalogueEngineState> => {
    meta = next;
    return { lists: listsOf(next), version: state.version + 1 };
  };
  const answers = catalogueQueries(index, () => meta?.categories ?? [], {
    isPartial: () => !whole,
    askServer: async (code) => variantWithCode(await fetchers.code(outletId, code), code),
    storedCopyRead: () => storedCopyRead,
  });
  /** When the screen last asked something: preparing waits for a quiet second. */
  let askedAt = Number.NEGATIVE_INFINITY;
  const asked = <A extends unknown[], R>(query: (...args: A) => Promise<R>) => (...args: A) => {
    askedAt = performance.now();
    return query(...args);
  };
  const queries: CatalogueQueries & CatalogueAtOnce = {
    findByCodeAtOnce: (code) => {
      askedAt = performance.now();
      return answers.findByCodeAtOnce(code);
    },
    search: asked(answers.search),
    findByCode: asked(answers.findByCode),
    findByVariant: asked(answers.findByVariant),
    productsInCategory: asked(answers.productsInCategory),
  };
  const onProgress = (received: number, total: number | null, next: SyncMeta) =>
    update({
      received,
      total,
      // The stored copy's lists or the first page make the copy usable (a scan it does not hold
      // yet is asked of the server); later pages only move the bar.
      ...(state.lists === null ? changed(next) : {}),
      // A first copy tried again after a failure is loading again, not failed.
      status: 'loading',
    });

  // Once the copy is whole, its runs of titles and keys are merged in short slices at once (every
  // lookup reads them), and its search lists put in order a slice at a time when the cashier has
  // paused (a basket's scans come first).
  const prepareWhenIdle = () => {
    if (stopped) return;
    const quietFor = performance.now() - askedAt;
    if (quietFor >= PREPARE_AFTER_QUIET_MS) {
      if (!index.prepare(PREPARE_SLICE_MS)) setTimeout(prepareWhenIdle, 0);
    } else {
      const merged = index.prepare(MERGE_SLICE_MS, true);
      setTimeout(prepareWhenIdle, merged ? PREPARE_AFTER_QUIET_MS - quietFor : 0);
    }
  };
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      // Changes to a whole copy come quietly; a copy being made shows its progress.
      const next = await syncCatalogue(db, index, outletId, fetchers.page, (...progress) => whole || onProgress(...progress), isCancelled);
      if (stopped) return;
      if (next.complete && !whole) prepareWhenIdle();
      whole = next.complete;
      update({
        ...(next.complete || index.size > 0 ? changed(next) : {}),
        status: next.complete ? 'ready' : 'loading',
        error: null,
        total: null,
        lastSyncedAt: next.lastSyncedAt,
      });
    } catch (error) {
      if (stopped) return;
      const reason = apiErrorOf(error);
      update({
        status: whole ? 'ready' : 'error',
        error: state.lists ? `The product list could not be updated. ${reason.message}` : `The product list could not be loaded. ${reason.message}`,
        signedOut: reason.status === 401,
      });
    } finally {
      running = false;
      if (again && !stopped) {
        again = false;
        void run();
      }
    }
  };

  const start = async () => {
    try {
      const stored = await loadStoredCopy(db, index, onProgress, isCancelled);
      if (stored.complete && !stopped) {
        whole = true;
        prepareWhenIdle();
        update({ ...changed(stored), status: 'ready', total: null, lastSyncedAt: stored.lastSyncedAt });
      }
    } catch {
      // The stored copy cannot be read (private browsing, storage full): the sync below says why.
    } finally {
      storedRead();
    }
    await run();
  };

  void start();
  const timer = setInterval(() => void run(), CATALOGUE_SYNC_INTERVAL_MS);
  return {
    ...queries,
    refresh: () => void run(),
    stop() {
      stopped = true;
      clearInterval(timer);
      db.close();
    },
  };
}
