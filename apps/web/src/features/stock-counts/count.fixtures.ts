import type { StockCount, StockCountListItem } from '@tillbook/contract';

/** SC-000042: a count of the Drinks category at Main store, 2 of 3 lines counted (tests only). */
export const countListItem: StockCountListItem = {
  id: 42,
  number: 'SC-000042',
  outletId: 1,
  outletName: 'Main store',
  scope: 'category',
  categoryId: 3,
  categoryName: 'Drinks',
  status: 'counting',
  note: null,
  userName: 'Ada Lovelace',
  lineCount: 3,
  countedCount: 2,
  createdAt: '2026-11-20T09:00:00.000Z',
  appliedAt: null,
  cancelledAt: null,
};

export const countSheet: StockCount = {
  ...countListItem,
  appliedByName: null,
  adjustments: 0,
  updatedAt: '2026-11-20T09:00:00.000Z',
  totals: { lines: 3, counted: 2, uncounted: 1, varianceLines: 2, uncountedInStock: 1, unitsOver: 3, unitsShort: 2, valueOver: 180, valueShort: 90 },
};
