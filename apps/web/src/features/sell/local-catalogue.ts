import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../lib/api-error.ts';
import { fetchCataloguePage, fetchProductsWithCode } from './api.ts';
import { openCatalogueDb, type SyncMeta } from './catalogue-db.ts';
import { CatalogueIndex, variantWithCode } from './catalogue-index.ts';
import { createLocalCatalogue } from './catalogue-search.ts';
import { loadStoredCopy, syncCatalogue } from './catalogue-sync.ts';
import type { LocalCatalogueState } from './local-catalogue-types.ts';

/** How often the screen asks for changes (stock sold at other registers, new prices). */
export const CATALOGUE_SYNC_INTERVAL_MS = 30_000;
/** Longest slice of work the copy takes from the screen at a time once it is in (under a frame's worth of a scan). */
const PREPARE_SLICE_MS = 12;

type State = Omit<LocalCatalogueState, 'refresh'>;
/** The state belongs to one outlet: another outlet's figures never show while a new one loads. */
type OutletState = State & { outletId: number | null };

const initialState: State = { catalogue: null, status: 'loading', received: 0, total: null, error: null, lastSyncedAt: null };

/**
 * The outlet's catalogue copy for the sell screen, held in memory and stored in IndexedDB in
 * pieces (decision 030). A stored copy is read first, then only changes are asked for; a first
 * copy comes page by page with progress. Either way the products already in are usable at once,
 * and a scan the copy does not hold yet is asked of the server. A failed sync keeps the copy
 * (selling goes on), says why in `error` and is tried again on the next tick.
 */
export function useLocalCatalogue(outletId: number | null): LocalCatalogueState {
  const [owned, setState] = useState<OutletState>({ ...initialState, outletId: null });
  const refreshRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (outletId === null) return;
    const db = openCatalogueDb(outletId);
    const index = new CatalogueIndex();
    let cancelled = false;
    let running = false;
    let again = false;
    /** Every product is in memory: the stored copy is read and a full copy has come in once. */
    let whole = false;
    const isCancelled = () => cancelled;
    const update = (patch: Partial<State> | ((current: State) => Partial<State>)) => {
      if (cancelled) return;
      setState((owned) => {
        const current = owned.outletId === outletId ? owned : initialState;
        return { ...current, ...(typeof patch === 'function' ? patch(current) : patch), outletId };
      });
    };
    const askServer = async (code: string) => variantWithCode(await fetchProductsWithCode(outletId, code), code);
    const catalogueOf = (meta: SyncMeta) => createLocalCatalogue(index, meta, { isPartial: () => !whole, askServer });
    const onProgress = (received: number, total: number | null, meta: SyncMeta) =>
      update((current) => ({
        received,
        total,
        // The first products in make the screen usable; later pages only move the bar.
        catalogue: current.catalogue ?? (index.size > 0 ? catalogueOf(meta) : null),
        // A first copy tried again after a failure is loading again, not failed.
        status: 'loading',
      }));

    // Once the copy is whole, its search lists are put in order a slice at a time, between the cashier's keys.
    const prepareWhenIdle = () => {
      if (!cancelled && !index.prepare(PREPARE_SLICE_MS)) window.setTimeout(prepareWhenIdle, 0);
    };
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        // Changes to a whole copy come quietly; a copy being made shows its progress.
        const meta = await syncCatalogue(db, index, outletId, fetchCataloguePage, (...progress) => whole || onProgress(...progress), isCancelled);
        if (cancelled) return;
        if (meta.complete && !whole) prepareWhenIdle();
        whole = meta.complete;
        update({
          catalogue: meta.complete || index.size > 0 ? catalogueOf(meta) : null,
          status: meta.complete ? 'ready' : 'loading',
          error: null,
          total: null,
          lastSyncedAt: meta.lastSyncedAt ? new Date(meta.lastSyncedAt) : null,
        });
      } catch (error) {
        if (cancelled) return;
        const reason = errorMessageOf(error);
        update((current) => ({
          status: whole ? 'ready' : 'error',
          error: current.catalogue ? `The product list could not be updated. ${reason}` : `The product list could not be loaded. ${reason}`,
        }));
      } finally {
        running = false;
        if (again && !cancelled) {
          again = false;
          void run();
        }
      }
    };

    const start = async () => {
      try {
        const meta = await loadStoredCopy(db, index, onProgress, isCancelled);
        if (meta.complete && !cancelled) {
          whole = true;
          prepareWhenIdle();
          update({ catalogue: catalogueOf(meta), status: 'ready', total: null, lastSyncedAt: meta.lastSyncedAt ? new Date(meta.lastSyncedAt) : null });
        }
      } catch {
        // The stored copy cannot be read (private browsing, storage full): the sync below says why.
      }
      await run();
    };

    refreshRef.current = () => void run();
    void start();
    const timer = window.setInterval(() => void run(), CATALOGUE_SYNC_INTERVAL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      refreshRef.current = () => {};
      db.close();
    };
  }, [outletId]);

  const refresh = useCallback(() => refreshRef.current(), []);
  const { outletId: stateOutletId, ...state } = owned;
  return { ...(stateOutletId === outletId ? state : initialState), refresh };
}
