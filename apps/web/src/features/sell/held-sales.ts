import Dexie, { liveQuery, type EntityTable } from 'dexie';
import { useCallback, useEffect, useState } from 'react';
import { newUuid } from '../../lib/uuid.ts';
import type { HeldSale } from './local-catalogue-types.ts';

type HeldSalesDb = Dexie & { sales: EntityTable<HeldSale<unknown>, 'id'> };

let database: HeldSalesDb | null = null;

/** One database for every register of this browser; each list is read by its register id. */
function heldSalesDb(): HeldSalesDb {
  if (!database) {
    database = new Dexie('tillbook-held-sales') as HeldSalesDb;
    database.version(1).stores({ sales: 'id, [registerId+heldAt]' });
  }
  return database;
}

function heldAtRange(registerId: number) {
  return heldSalesDb().sales.where('[registerId+heldAt]').between([registerId, Dexie.minKey], [registerId, Dexie.maxKey]);
}

type HeldSalesState<T> = { registerId: number; sales: HeldSale<T>[] } | null;

/**
 * The register's parked sales, newest first, kept in the browser across reloads. Every screen
 * that shows them sees a hold or a resume at once (the list is a live query).
 */
export function useHeldSales<T>(registerId: number): {
  sales: HeldSale<T>[];
  isLoading: boolean;
  hold(label: string, data: T): Promise<HeldSale<T>>;
  take(id: string): Promise<HeldSale<T> | null>;
  discard(id: string): Promise<void>;
} {
  const [state, setState] = useState<HeldSalesState<T>>(null);

  useEffect(() => {
    const subscription = liveQuery(() => heldAtRange(registerId).reverse().toArray()).subscribe({
      next: (sales) => setState({ registerId, sales: sales as HeldSale<T>[] }),
      // Storage that cannot be read (private browsing) shows as no parked sales rather than a broken screen.
      error: () => setState({ registerId, sales: [] }),
    });
    return () => subscription.unsubscribe();
  }, [registerId]);

  const hold = useCallback(
    async (label: string, data: T): Promise<HeldSale<T>> => {
      const sale: HeldSale<T> = { id: newUuid(), registerId, heldAt: new Date().toISOString(), label, data };
      await heldSalesDb().sales.add(sale);
      return sale;
    },
    [registerId],
  );

  /** Resuming removes it from the list: a parked sale is picked up once. */
  const take = useCallback(async (id: string): Promise<HeldSale<T> | null> => {
    const db = heldSalesDb();
    return db.transaction('rw', db.sales, async () => {
      const sale = await db.sales.get(id);
      if (!sale) return null;
      await db.sales.delete(id);
      return sale as HeldSale<T>;
    });
  }, []);

  const discard = useCallback(async (id: string): Promise<void> => {
    await heldSalesDb().sales.delete(id);
  }, []);

  const current = state?.registerId === registerId ? state : null;
  return { sales: current?.sales ?? [], isLoading: current === null, hold, take, discard };
}
