import { useEffect } from 'react';
import type { Dispatch } from 'react';
import type { CartAction, CartLine } from './cart.ts';
import type { LocalCatalogueState } from './local-catalogue-types.ts';

/**
 * After each sync the lines take the catalogue's current prices, taxes and charges, so a sale
 * refused for changed prices shows the new total at once.
 */
export function useRepriceLines(state: LocalCatalogueState, lines: readonly CartLine[], dispatch: Dispatch<CartAction>) {
  const { catalogue, lastSyncedAt } = state;
  const syncedAt = lastSyncedAt?.getTime();
  // Only a new sync re-reads the lines; the lines themselves are read when it happens.
  const linesKey = lines.map((line) => `${line.item.variantId}:${line.item.sku}`).join(',');
  useEffect(() => {
    if (!catalogue || !linesKey) return;
    let isCurrent = true;
    const codes = linesKey.split(',').map((entry) => entry.slice(entry.indexOf(':') + 1));
    void Promise.all(codes.map((code) => catalogue.findByCode(code))).then((found) => {
      if (!isCurrent) return;
      const items = found.flatMap((match) => (match ? [catalogue.saleItemOf(match.product, match.variant)] : []));
      dispatch({ type: 'reprice', items });
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a line added between syncs is already current
  }, [catalogue, syncedAt, dispatch]);
}
