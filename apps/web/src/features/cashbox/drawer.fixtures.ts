import type { CashboxReport, CashboxSession, CashboxStatus } from '@tillbook/contract';

/** An open drawer of Till 1 as the server answers it (tests only). */
export const session: CashboxSession = {
  id: 5,
  registerId: 1,
  registerName: 'Till 1',
  registerSlug: 'main-till-1',
  outletId: 1,
  outletName: 'Main store',
  status: 'open',
  openedById: 2,
  openedByName: 'Carl Cash',
  openedAt: '2026-11-22T09:02:00.000Z',
  openingFloat: 15000,
  closedByName: null,
  closedAt: null,
  expectedCash: 15700,
  difference: null,
  salesCount: 3,
  salesTotal: 5700,
};

export const closedStatus: CashboxStatus = { registerId: 1, registerSlug: 'main-till-1', registerName: 'Till 1', isOpen: false, isBlindClose: false, session: null };
export const openStatus: CashboxStatus = { ...closedStatus, isOpen: true, session };

export function report(overrides: Partial<CashboxReport> = {}): CashboxReport {
  return {
    session,
    openingCount: null,
    closingCount: null,
    sales: { count: 3, subtotal: 5700, discounts: 300, charges: 0, taxes: 400, total: 5700 },
    refunds: { count: 0, total: 0, taxTotal: 0 },
    net: { total: 5700, taxTotal: 400 },
    giftCards: { sold: 0, paid: 0, refunded: 0 },
    byTender: [
      { tender: 'cash', taken: 2500, refunded: 0, change: 800, net: 1700 },
      { tender: 'card', taken: 4000, refunded: 0, change: 0, net: 4000 },
      { tender: 'other', taken: 0, refunded: 0, change: 0, net: 0 },
    ],
    taxes: [{ name: 'VAT', rateE4: 2000, isInclusive: true, base: 2000, amount: 400, refundedBase: 0, refundedAmount: 0, netBase: 2000, netAmount: 400 }],
    movements: [],
    cashIn: 1000,
    cashOut: 2000,
    reconciliation: [
      { tender: 'cash', expected: 15700, counted: null, difference: null },
      { tender: 'card', expected: 4000, counted: null, difference: null },
      { tender: 'other', expected: 0, counted: null, difference: null },
    ],
    note: null,
    noSales: 0,
    approvedBy: null,
    ...overrides,
  };
}
