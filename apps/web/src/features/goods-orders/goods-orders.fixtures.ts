import {
  defaultShopSettings,
  goodsOrderNumber,
  pricePurchaseLine,
  type GoodsOrder,
  type GoodsOrderItem,
  type GoodsOrderListItem,
  type GoodsOrderPage,
  type PickedVariant,
  type Supplier,
} from '@tillbook/contract';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';

export const oatMilk: PickedVariant = { variantId: 71, productId: 7, productTitle: 'Oat Milk 1L', variantName: '', sku: 'OAT-1L', barcode: '4006381333931', cost: 140, price: 299 };
export const espresso: PickedVariant = { variantId: 81, productId: 8, productTitle: 'Espresso beans', variantName: '1kg', sku: 'ESP-1KG', barcode: '5012345678900', cost: 1500, price: 2400 };
export const teaBags: PickedVariant = { variantId: 91, productId: 9, productTitle: 'Tea bags', variantName: '', sku: 'TEA-80', barcode: '4000417025005', cost: 250, price: 450 };

/** Fresh Farm supplies oat milk (their SKU FF-OAT at 1.20) and espresso beans. */
export const freshFarm: Supplier = {
  id: 4,
  companyName: 'Fresh Farm Ltd',
  contactPerson: 'Fern Field',
  email: 'orders@freshfarm.example',
  phone: null,
  address: null,
  taxNumber: null,
  paymentTerms: 'Net 30',
  notes: null,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  products: [
    { variantId: 71, productId: 7, productTitle: 'Oat Milk 1L', variantName: '', sku: 'OAT-1L', ourCost: 140, price: 299, supplierSku: 'FF-OAT', cost: 120 },
    { variantId: 81, productId: 8, productTitle: 'Espresso beans', variantName: '1kg', sku: 'ESP-1KG', ourCost: 1500, price: 2400, supplierSku: 'FF-ESP', cost: 1400 },
  ],
};

export function buildItem(overrides: Partial<GoodsOrderItem> & Pick<GoodsOrderItem, 'id' | 'variantId'>): GoodsOrderItem {
  const base = { productId: 7, productTitle: 'Oat Milk 1L', variantName: '', sku: 'OAT-1L', barcode: null, supplierSku: null, quantity: 1, unitCost: 100, taxRateE4: 0 };
  const item = { ...base, receivedQuantity: 0, cancelledQuantity: 0, onHand: 0, currentCost: 100, ...overrides };
  return { ...item, ...pricePurchaseLine(item), outstanding: Math.max(0, item.quantity - item.receivedQuantity - item.cancelledQuantity) };
}

/** PO-000042: 12 oat milk and 3 espresso from Fresh Farm for Main store, ordered. */
export function buildGoodsOrder(overrides: Partial<GoodsOrder> = {}): GoodsOrder {
  const items = overrides.items ?? [
    buildItem({ id: 1, variantId: 71, barcode: oatMilk.barcode, supplierSku: 'FF-OAT', quantity: 12, unitCost: 120, onHand: 2, currentCost: 140 }),
    buildItem({ id: 2, variantId: 81, productId: 8, productTitle: 'Espresso beans', variantName: '1kg', sku: 'ESP-1KG', barcode: espresso.barcode, supplierSku: 'FF-ESP', quantity: 3, unitCost: 1400, onHand: 0, currentCost: 1500 }),
  ];
  const sum = (pick: (i: GoodsOrderItem) => number) => items.reduce((n, i) => n + pick(i), 0);
  return {
    id: 42,
    number: goodsOrderNumber(42),
    status: 'ordered',
    supplierId: 4,
    supplierName: 'Fresh Farm Ltd',
    supplierEmail: 'orders@freshfarm.example',
    outletId: 1,
    outletName: 'Main store',
    expectedAt: '2026-11-30',
    note: null,
    itemCount: items.length,
    units: sum((i) => i.quantity),
    receivedUnits: sum((i) => i.receivedQuantity),
    net: sum((i) => i.net),
    tax: sum((i) => i.tax),
    total: sum((i) => i.total),
    userName: 'Ada Lovelace',
    orderedAt: '2026-11-22T10:00:00.000Z',
    receivedAt: null,
    cancelledAt: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    receipts: [],
    ...overrides,
    items,
  };
}

export function buildListItem(overrides: Partial<GoodsOrderListItem> = {}): GoodsOrderListItem {
  const { items: _items, receipts: _receipts, supplierEmail: _email, ...row } = buildGoodsOrder();
  return { ...row, ...overrides };
}

export function goodsOrderPageOf(data: GoodsOrderListItem[], totals: { count: number; total: number }): GoodsOrderPage {
  return { data, meta: { page: 1, perPage: 25, total: totals.count, lastPage: 1, totals } };
}

/**
 * The GETs the goods-order screens make, over msw: settings, outlets, suppliers and their terms,
 * the product search and the scan look-up (the three variants above), the timeline. `extra` adds
 * or overrides by path. Returns the recorded requests.
 */
export function mockGoodsOrderGets(extra: Record<string, unknown> = {}) {
  const variants = [oatMilk, espresso, teaBags];
  const answers: Record<string, unknown> = {
    '/api/settings': { data: defaultShopSettings },
    '/api/outlets/list': { data: [{ id: 1, name: 'Main store' }, { id: 2, name: 'Harbour Road' }] },
    '/api/suppliers/list': { data: [{ id: 4, name: 'Fresh Farm Ltd' }, { id: 5, name: 'Bean Brothers' }] },
    '/api/suppliers/4/edit': { data: freshFarm },
    '/api/goods-orders/42/timeline': { data: [] },
    '/api/products': pageOf([], { perPage: 10 }),
    ...extra,
  };
  const sent = recordRequests();
  server.use(
    rest.get('/api/products/variants', ({ request }) => {
      const code = new URL(request.url).searchParams.get('code');
      return HttpResponse.json({ data: variants.filter((v) => v.barcode === code || v.sku === code) });
    }),
    ...Object.entries(answers).map(([path, body]) => rest.get(path, () => HttpResponse.json(body as Record<string, unknown>))),
  );
  return sent;
}
