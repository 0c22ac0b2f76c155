import { defaultShopSettings, type CashboxSession, type Order, type OrderListItem, type OrderPage } from '@tillbook/contract';
import { HttpResponse, recordRequests, rest, server } from './server.ts';

const vat = { id: 3, name: 'VAT 20', rateE4: 200_000, isInclusive: false, isCompound: false, base: 5000, amount: 1000 };

/** Two shirts with 20 % VAT and a mug, paid part cash (with change) and part card. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    uuid: '6f1c3d8e-8a1b-4c55-9d2e-0a6b7c8d9e10',
    number: 'MAIN-000041',
    status: 'paid',
    outletId: 1,
    outletName: 'Main store',
    registerId: 2,
    registerName: 'Till 1',
    cashboxSessionId: 5,
    userId: 2,
    cashierName: 'Carl Cash',
    customerId: 7,
    customerName: 'Grace Hopper',
    customerEmail: 'grace@example.test',
    couponId: 9,
    couponCode: 'TEN-OFF',
    subtotal: 5800,
    lineDiscountTotal: 0,
    orderDiscountTotal: 580,
    discountTotal: 580,
    chargeTotal: 0,
    netTotal: 5220,
    taxTotal: 900,
    total: 6120,
    paid: 6200,
    change: 80,
    storeCreditPaid: 0,
    giftCardsSold: 0,
    giftCardsPaid: 0,
    exchangeCredit: 0,
    note: 'Gift wrap, please',
    receiptTemplateId: null,
    lines: [
      {
        id: 1,
        productId: 10,
        variantId: 11,
        title: 'Linen shirt',
        variantName: 'M / Blue',
        sku: 'SHIRT-M-BLUE',
        quantity: 2,
        unitPrice: 2500,
        gross: 5000,
        discount: 0,
        orderDiscount: 500,
        chargeTotal: 0,
        taxTotal: 900,
        total: 5400,
        taxes: [{ ...vat, base: 4500, amount: 900 }],
        charges: [],
      },
      {
        id: 2,
        productId: 12,
        variantId: 13,
        title: 'Mug',
        variantName: '',
        sku: 'MUG-1',
        quantity: 1,
        unitPrice: 800,
        gross: 800,
        discount: 0,
        orderDiscount: 80,
        chargeTotal: 0,
        taxTotal: 0,
        total: 720,
        taxes: [],
        charges: [],
      },
    ],
    payments: [
      { id: 1, tender: 'cash', amount: 2000, tendered: 2080, change: 80, reference: null },
      { id: 2, tender: 'card', amount: 4120, tendered: 4120, change: 0, reference: 'AUTH-42' },
    ],
    loyalty: { rewardId: null, rewardName: null, rewardKind: null, rewardPoints: 0, rewardDiscount: 0, pointsRedeemed: 0, pointsPaid: 0, pointsEarned: 0, balanceAfter: null },
    taxes: [{ ...vat, base: 4500, amount: 900 }],
    stockMovements: [
      { id: 100, reason: 'sale', variantId: 11, title: 'Linen shirt', variantName: 'M / Blue', sku: 'SHIRT-M-BLUE', delta: -2, quantityAfter: 8, createdAt: '2026-11-22T14:05:00.000Z' },
      { id: 101, reason: 'sale', variantId: 13, title: 'Mug', variantName: '', sku: 'MUG-1', delta: -1, quantityAfter: 4, createdAt: '2026-11-22T14:05:00.000Z' },
    ],
    createdAt: '2026-11-22T14:05:00.000Z',
    ...overrides,
  };
}

export function buildListItem(overrides: Partial<OrderListItem> = {}): OrderListItem {
  const { lines: _lines, payments: _payments, loyalty: _loyalty, taxes: _taxes, stockMovements: _movements, ...item } = buildOrder();
  return { ...item, tenders: ['cash', 'card'], ...overrides };
}

export function orderPageOf(data: OrderListItem[], totals: OrderPage['meta']['totals']): OrderPage {
  return { data, meta: { page: 1, perPage: 25, total: totals.count, lastPage: 1, totals } };
}

/** An open drawer session as GET /api/cashbox lists it. */
export function openDrawerOf(id: number, registerId: number, registerName: string, outletName: string, openedByName: string): CashboxSession {
  return {
    id,
    registerId,
    registerName,
    registerSlug: registerName.toLowerCase().replace(/\W+/g, '-'),
    outletId: 1,
    outletName,
    status: 'open',
    openedById: 2,
    openedByName,
    openedAt: '2026-11-22T09:00:00.000Z',
    openingFloat: 10_000,
    closedByName: null,
    closedAt: null,
    expectedCash: 10_000,
    difference: null,
    salesCount: 0,
    salesTotal: 0,
  };
}

/**
 * Answers the GETs the orders and refunds screens make (msw); `extra` adds or overrides by path.
 * Returns the recorded requests, to assert what was asked.
 */
export function mockOrderGets(extra: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    '/api/settings': { data: defaultShopSettings },
    '/api/outlets/list': { data: [{ id: 1, name: 'Main store' }, { id: 2, name: 'Harbour Road' }] },
    '/api/registers': { data: [{ id: 2, name: 'Till 1', outletName: 'Main store' }], meta: { page: 1, perPage: 100, total: 1, lastPage: 1 } },
    '/api/users': { data: [{ id: 2, name: 'Carl Cash' }], meta: { page: 1, perPage: 100, total: 1, lastPage: 1 } },
    // The open drawers a cash refund may come out of: Till 1's, where the sale was rung up.
    '/api/cashbox': { data: [openDrawerOf(5, 2, 'Till 1', 'Main store', 'Carl Cash')], meta: { page: 1, perPage: 100, total: 1, lastPage: 1 } },
    ...extra,
  };
  const sent = recordRequests();
  server.use(...Object.entries(answers).map(([path, body]) => rest.get(path, () => HttpResponse.json(body as Record<string, unknown>))));
  return sent;
}
