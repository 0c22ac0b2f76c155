import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { connectCatalogue } from './catalogue-client.ts';
import { initialEngineState, type CatalogueEngine, type CatalogueEngineState } from './catalogue-engine.ts';
import { localCatalogueOf } from './catalogue-search.ts';
import type { LocalCatalogue, LocalCatalogueState } from './local-catalogue-types.ts';

export { CATALOGUE_SYNC_INTERVAL_MS } from './catalogue-engine.ts';

/** The state belongs to one outlet: another outlet's figures never show while a new one loads. */
type OutletState = { outletId: number | null; catalogue: LocalCatalogue | null; state: CatalogueEngineState };

/**
 * The outlet's catalogue copy for the sell screen (catalogue-engine.ts, in a worker where there
 * is one): usable from its first products, searched without the server, kept current every 30 s
 * and after each sale. A failed sync keeps the copy (selling goes on) and says why in `error`.
 */
export function useLocalCatalogue(outletId: number | null): LocalCatalogueState {
  const [owned, setOwned] = useState<OutletState>({ outletId: null, catalogue: null, state: initialEngineState });
  const refreshRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (outletId === null) return;
    let stopped = false;
    let catalogue: LocalCatalogue | null = null;
    let version = -1;
    const engine: CatalogueEngine = connectCatalogue(outletId, (state) => {
      if (stopped) return;
      // A new catalogue object whenever the copy moved on, so what the screen shows is asked again.
      if (state.lists && state.version !== version) {
        version = state.version;
        catalogue = localCatalogueOf(engine, state.lists);
      }
      setOwned({ outletId, catalogue, state });
    });
    refreshRef.current = () => engine.refresh();
    return () => {
      stopped = true;
      refreshRef.current = () => {};
      engine.stop();
    };
  }, [outletId]);

  const refresh = useCallback(() => refreshRef.current(), []);
  const { catalogue, state } = owned.outletId === outletId ? owned : { catalogue: null, state: initialEngineState };
  const lastSyncedAt = useMemo(() => (state.lastSyncedAt ? new Date(state.lastSyncedAt) : null), [state.lastSyncedAt]);
  const { status, received, total, error } = state;
  // The same object while nothing in it changed: the memoised finder is not drawn again for it.
  return useMemo(() => ({ catalogue, status, received, total, error, lastSyncedAt, refresh }), [catalogue, status, received, total, error, lastSyncedAt, refresh]);
}
