import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../lib/api-error.ts';
import { openCatalogueDb, type CatalogueDb } from './catalogue-db.ts';
import { createLocalCatalogue } from './catalogue-search.ts';
import { readSyncMeta, syncCatalogue } from './catalogue-sync.ts';
import type { LocalCatalogueState } from './local-catalogue-types.ts';

/** How often the screen asks for changes (stock sold at other registers, new prices). */
export const CATALOGUE_SYNC_INTERVAL_MS = 30_000;

type State = Omit<LocalCatalogueState, 'refresh'>;
/** The state belongs to one outlet: another outlet's figures never show while a new one loads. */
type OutletState = State & { outletId: number | null };

const initialState: State = { catalogue: null, status: 'loading', received: 0, error: null, lastSyncedAt: null };

async function catalogueOf(db: CatalogueDb) {
  const [taxes, charges] = await Promise.all([db.taxes.toArray(), db.charges.toArray()]);
  return createLocalCatalogue(db, taxes, charges);
}

/**
 * The outlet's catalogue copy for the sell screen. A stored copy is ready at once and only
 * changes are asked for; a first copy comes page by page with progress. A failed sync keeps the
 * copy (selling goes on), says why in `error` and is tried again on the next tick.
 */
export function useLocalCatalogue(outletId: number | null): LocalCatalogueState {
  const [owned, setState] = useState<OutletState>({ ...initialState, outletId: null });
  const refreshRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (outletId === null) return;
    const db = openCatalogueDb(outletId);
    let cancelled = false;
    let running = false;
    let again = false;
    const isCancelled = () => cancelled;
    const update = (patch: Partial<State>) => {
      if (!cancelled) setState((current) => ({ ...(current.outletId === outletId ? current : initialState), ...patch, outletId }));
    };

    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const onProgress = (received: number) =>
          setState((owned) => {
            if (cancelled) return owned;
            const current = owned.outletId === outletId ? owned : initialState;
            // A first copy tried again after a failure is loading again, not failed.
            return { ...current, outletId, received, status: current.catalogue ? 'ready' : 'loading' };
          });
        const meta = await syncCatalogue(db, outletId, onProgress, isCancelled);
        if (cancelled) return;
        update({
          catalogue: meta.complete ? await catalogueOf(db) : null,
          status: meta.complete ? 'ready' : 'loading',
          error: null,
          lastSyncedAt: meta.lastSyncedAt ? new Date(meta.lastSyncedAt) : null,
        });
      } catch (error) {
        if (cancelled) return;
        const reason = errorMessageOf(error);
        setState((owned) => {
          const current = owned.outletId === outletId ? owned : initialState;
          return {
            ...current,
            outletId,
            status: current.catalogue ? 'ready' : 'error',
            error: current.catalogue ? `The product list could not be updated. ${reason}` : `The product list could not be loaded. ${reason}`,
          };
        });
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
        const meta = await readSyncMeta(db);
        if (meta.complete && !cancelled) {
          update({
            catalogue: await catalogueOf(db),
            status: 'ready',
            lastSyncedAt: meta.lastSyncedAt ? new Date(meta.lastSyncedAt) : null,
          });
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
