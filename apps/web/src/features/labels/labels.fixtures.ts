import { defaultShopSettings, labelLayouts, type CategoryOption, type GoodsOrder, type GoodsOrderItem, type LabelPriceChange, type PickedVariant, type Product, type ProductListItem } from '@tillbook/contract';
import { answerGet, HttpResponse, pageOf, rest, server } from '../../testing/server.ts';

export const cola: PickedVariant = { variantId: 11, productId: 1, productTitle: 'Cola', variantName: '330ml', sku: 'COLA-330', barcode: '9780201379624', cost: 50, price: 150 };

/** A product with its variants: `[id, name, sku, barcode, price, on hand]`. */
function buildProduct(id: number, title: string, variants: Array<[number, string, string, string | null, number, number]>): Product {
  return {
    id,
    title,
    description: null,
    trackStock: true,
    status: 'active',
    categoryIds: [3],
    taxIds: [],
    chargeIds: [],
    attributeIds: [],
    images: [],
    variants: variants.map(([variantId, name, sku, barcode, price, onHand], index) => ({
      id: variantId,
      name,
      optionIds: [],
      sku,
      barcode,
      price,
      cost: 100,
      active: true,
      isDefault: index === 0,
      stock: [{ outletId: 1, quantity: onHand, lowStockThreshold: 5 }],
    })),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Tea in the Drinks category: green (6 on hand) and black (2 on hand, low); water: one variant, 9 on hand. */
export const tea = buildProduct(2, 'Tea', [
  [21, 'Green', 'TEA-G', '5012345678900', 300, 6],
  [22, 'Black', 'TEA-B', null, 320, 2],
]);
export const water = buildProduct(4, 'Water', [[41, '', 'WATER', '4000417025005', 100, 9]]);

function listItemOf(product: Product): ProductListItem {
  return {
    id: product.id,
    title: product.title,
    sku: product.variants[0]?.sku ?? null,
    barcode: null,
    variantCount: product.variants.length,
    categories: [{ id: 3, name: 'Drinks' }],
    stock: product.variants.reduce((sum, v) => sum + (v.stock[0]?.quantity ?? 0), 0),
    stockStatus: 'in',
    price: product.variants[0]?.price ?? 0,
    priceMax: product.variants[0]?.price ?? 0,
    status: 'active',
    imageUrl: null,
    updatedAt: product.updatedAt,
  };
}

const drinks: CategoryOption = { id: 3, name: 'Drinks', parentId: null, depth: 0, colour: null, active: true };

/** A received goods-order item (what it cost does not matter to labels). */
function receivedItem(overrides: Partial<GoodsOrderItem> & Pick<GoodsOrderItem, 'id' | 'variantId' | 'productId' | 'productTitle' | 'sku' | 'receivedQuantity'>): GoodsOrderItem {
  const quantity = overrides.receivedQuantity;
  return { variantName: '', barcode: null, supplierSku: null, quantity, unitCost: 100, taxRateE4: 0, net: 100 * quantity, tax: 0, total: 100 * quantity, cancelledQuantity: 0, outstanding: 0, onHand: quantity, currentCost: 100, ...overrides };
}

/** PO-000042 received: 12 oat milk (variant 71, product 7) and 3 espresso (81, product 8). */
export const receivedOrder: GoodsOrder = {
  id: 42,
  number: 'PO-000042',
  status: 'received',
  supplierId: 4,
  supplierName: 'Fresh Farm Ltd',
  supplierEmail: null,
  outletId: 1,
  outletName: 'Main store',
  expectedAt: null,
  note: null,
  itemCount: 2,
  units: 15,
  receivedUnits: 15,
  net: 1500,
  tax: 0,
  total: 1500,
  userName: 'Ada Lovelace',
  orderedAt: '2026-11-22T10:00:00.000Z',
  receivedAt: '2026-11-24T10:00:00.000Z',
  cancelledAt: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  receipts: [],
  items: [
    receivedItem({ id: 1, variantId: 71, productId: 7, productTitle: 'Oat Milk 1L', sku: 'OAT-1L', barcode: '4006381333931', receivedQuantity: 12, onHand: 14 }),
    receivedItem({ id: 2, variantId: 81, productId: 8, productTitle: 'Espresso beans', variantName: '1kg', sku: 'ESP-1KG', receivedQuantity: 3 }),
  ],
};
const { items: _items, receipts: _receipts, supplierEmail: _email, ...receivedListItem } = receivedOrder;
const oatMilk = buildProduct(7, 'Oat Milk 1L', [[71, '', 'OAT-1L', '4006381333931', 299, 14]]);
const espresso = buildProduct(8, 'Espresso beans', [[81, '1kg', 'ESP-1KG', null, 2400, 3]]);

/** Since 20 November: Tea · Black went from 2.90 to 3.20 (2 on hand); Water from 0.90 to 1.00 (9 on hand). */
export const priceChanges: LabelPriceChange[] = [
  { variantId: 22, title: 'Tea', variantName: 'Black', sku: 'TEA-B', barcode: null, price: 320, previousPrice: 290, changedAt: '2026-11-24T10:00:00.000Z', stock: 2 },
  { variantId: 41, title: 'Water', variantName: '', sku: 'WATER', barcode: '4000417025005', price: 100, previousPrice: 90, changedAt: '2026-11-21T10:00:00.000Z', stock: 9 },
];

/**
 * Everything the screen reads: the layouts, the shop, this user's last print (none), categories,
 * goods orders, products, the price changes since 20 November and a scan of Cola.
 */
export function mockLabelGets() {
  const products = new Map([tea, water, oatMilk, espresso].map((p) => [p.id, p]));
  server.use(
    answerGet('/api/settings', { data: defaultShopSettings }),
    answerGet('/api/labels/layouts', { data: labelLayouts }),
    answerGet('/api/labels/preferences', { data: null }),
    rest.get('/api/labels/price-changes', ({ request }) => {
      const since = new URL(request.url).searchParams.get('since') ?? '';
      return HttpResponse.json({ data: priceChanges.filter((change) => change.changedAt >= since) });
    }),
    answerGet('/api/categories/list', { data: [drinks] }),
    rest.get('/api/goods-orders', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return HttpResponse.json(pageOf(status === 'received' ? [receivedListItem] : []));
    }),
    answerGet('/api/goods-orders/42/edit', { data: receivedOrder }),
    rest.get('/api/products', ({ request }) => {
      const search = new URL(request.url).searchParams;
      if (search.get('stockStatus') === 'low') return HttpResponse.json(pageOf([listItemOf(tea)]));
      if (search.get('categoryId') === '3') return HttpResponse.json(pageOf([listItemOf(tea), listItemOf(water)]));
      return HttpResponse.json(pageOf([]));
    }),
    rest.get('/api/products/:id/edit', ({ params }) => {
      const product = products.get(Number(params.id));
      return product ? HttpResponse.json({ data: product }) : HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    }),
    rest.get('/api/products/variants', ({ request }) => {
      const code = new URL(request.url).searchParams.get('code');
      return HttpResponse.json({ data: code === cola.barcode ? [cola] : [] });
    }),
  );
}
