/**
 * Every limit of the contract fits the column it lands in (DESIGN.md §3): each whole-number field of
 * every operation — money, quantity, position, page, id — is sent at its maximum (never a 5xx) and
 * one past it (a 422). The fields are read from the OpenAPI document the routes' zod schemas make,
 * so a field added later is walked too; a money or quantity field must come with a valid request
 * (SCENARIOS below) so its maximum really reaches the database.
 */
import { randomUUID } from 'node:crypto';
import { MAX_ID, MAX_MONEY } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards } from './db/schema/index.ts';
import { changeStoreCredit } from './modules/customers/service.ts';
import { seedSaleShop, type SaleShop } from './modules/orders/sale.fixtures.ts';
import type { TestContext } from './testing/test-app.ts';
import { createTestContext } from './testing/test-app.ts';
import type { TestClient } from './testing/test-client.ts';
import { openApiDocumentOf, type JsonSchema, type OpenApiDocument } from './testing/openapi-document.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** One whole-number field of one operation, as the OpenAPI document describes it. */
type Field = { operation: string; where: 'path' | 'query' | 'body'; path: string; maximum: number | undefined };
/** A valid request of an operation: what the walk changes one field of. */
type Request = { client?: 'admin' | 'cashier'; url: string; body?: unknown; prepare?: () => Promise<unknown> };

function isWholeNumber(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') || types.includes('number');
}

function collectFields(schema: JsonSchema | undefined, path: string, found: Array<{ path: string; maximum: number | undefined }>) {
  if (!schema) return;
  if (isWholeNumber(schema)) found.push({ path, maximum: schema.maximum });
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) collectFields(branch, path, found);
  for (const [key, property] of Object.entries(schema.properties ?? {})) collectFields(property, path ? `${path}.${key}` : key, found);
  if (schema.items) collectFields(schema.items, `${path}[]`, found);
}

/** Every whole-number field of every operation (deduplicated: a union lists a field in each branch). */
function wholeNumberFields(document: OpenApiDocument): Field[] {
  const fields = new Map<string, Field>();
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${route}`;
      const found: Array<{ path: string; maximum: number | undefined; where: Field['where'] }> = [];
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        const inParameter: Array<{ path: string; maximum: number | undefined }> = [];
        collectFields(parameter.schema, parameter.name, inParameter);
        found.push(...inParameter.map((f) => ({ ...f, where: parameter.in as 'path' | 'query' })));
      }
      const inBody: Array<{ path: string; maximum: number | undefined }> = [];
      collectFields(operation.requestBody?.content?.['application/json']?.schema, '', inBody);
      found.push(...inBody.map((f) => ({ ...f, where: 'body' as const })));
      for (const f of found) {
        const key = `${name} ${f.where}:${f.path}`;
        const seen = fields.get(key);
        // A field of several branches (a discount amount or a percentage) keeps its smallest maximum.
        if (!seen || (f.maximum !== undefined && (seen.maximum === undefined || f.maximum < seen.maximum))) {
          fields.set(key, { operation: name, where: f.where, path: f.path, maximum: f.maximum });
        }
      }
    }
  }
  return [...fields.values()];
}

/** Fields the OpenAPI document cannot show as numbers (checked by hand in the contract): walked as well. */
const HIDDEN_FIELDS: Field[] = [
  { operation: 'POST /api/products/charges/create', where: 'body', path: 'amount', maximum: MAX_MONEY },
  { operation: 'PUT /api/products/charges/{id}/edit', where: 'body', path: 'amount', maximum: MAX_MONEY },
  { operation: 'POST /api/coupons/create', where: 'body', path: 'amount', maximum: MAX_MONEY },
  { operation: 'PUT /api/coupons/{id}/edit', where: 'body', path: 'amount', maximum: MAX_MONEY },
  { operation: 'POST /api/rewards/create', where: 'body', path: 'amount', maximum: MAX_MONEY },
  { operation: 'PUT /api/rewards/{id}/edit', where: 'body', path: 'amount', maximum: MAX_MONEY },
];

/** Sets `path` ("variants[].stock[].quantity") in a copy of `body`, on the first element of each list. */
function withValue(body: unknown, path: string, value: number): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  const keys = path.replace(/\[\]/g, '.0').split('.');
  let node: Record<string, unknown> | unknown[] = copy;
  keys.forEach((key, index) => {
    const isLast = index === keys.length - 1;
    const slot = node as Record<string, unknown>;
    if (isLast) {
      slot[key] = value;
      return;
    }
    if (slot[key] === undefined || slot[key] === null) slot[key] = keys[index + 1] === '0' ? [] : {};
    node = slot[key] as Record<string, unknown>;
  });
  return copy;
}

let ctx: TestContext;
let shop: SaleShop;
let fixtures: {
  categoryId: number;
  attributeId: number;
  optionId: number;
  chargeId: number;
  couponId: number;
  customerId: number;
  productId: number;
  variantId: number;
  supplierId: number;
  orderId: number;
  orderLineId: number;
  stockCountId: number;
  goodsOrderId: number;
  orderedGoodsOrderId: number;
  goodsOrderItemId: number;
  transferId: number;
  rewardId: number;
  giftCardId: number;
  sentTransferId: number;
  transferItemId: number;
};
let sequence = 0;
const unique = (prefix: string) => `${prefix}${++sequence}`;

function productBody(variant: Record<string, unknown> = {}) {
  return {
    title: unique('Limit product '),
    variants: [{ price: 1000, cost: 400, stock: [{ outletId: shop.main.id, quantity: 1, lowStockThreshold: null }], ...variant }],
  };
}

const couponBody = () => ({
  code: unique('LIMIT'),
  name: 'Limit coupon',
  kind: 'fixed',
  amount: 100,
  appliesTo: 'all',
  active: true,
});

const goodsOrderBody = () => ({
  supplierId: fixtures.supplierId,
  outletId: shop.main.id,
  items: [{ variantId: fixtures.variantId, quantity: 1, unitCost: 1, taxRateE4: 0 }],
});

const transferBody = () => ({ fromOutletId: shop.main.id, toOutletId: shop.harbour.id, items: [{ variantId: shop.shirt.variantId, quantity: 1 }] });

const supplierBody = () => ({ companyName: unique('Limit supplier '), active: true, products: [{ variantId: fixtures.variantId, cost: 100 }] });

const rewardBody = () => ({ name: unique('Limit reward '), kind: 'amount', amount: 100, points: 10, active: true });

/** A discount of the kind the walked field belongs to (an amount or a percentage), else none. */
function discountFor(field: string, at: string) {
  if (field === `${at}.amount`) return { kind: 'amount', amount: 0 };
  if (field === `${at}.rateE4`) return { kind: 'percentage', rateE4: 0 };
  return null;
}

/** A valid request of each operation with a money or quantity field (and of some that carry ids). */
const SCENARIOS: Record<string, (field: string) => Request> = {
  'POST /api/attributes/create': () => ({ url: '/api/attributes/create', body: { name: unique('Limit attribute '), options: [{ name: 'S' }] } }),
  'PUT /api/attributes/{id}/edit': () => ({
    url: `/api/attributes/${fixtures.attributeId}/edit`,
    body: { name: 'Limit size', options: [{ id: fixtures.optionId, name: 'One' }] },
  }),
  'POST /api/attributes/options/create': () => ({
    url: '/api/attributes/options/create',
    body: { attributeId: fixtures.attributeId, name: unique('Option '), position: 0 },
  }),
  'PUT /api/attributes/options/{id}/edit': () => ({ url: `/api/attributes/options/${fixtures.optionId}/edit`, body: { name: 'One', position: 0 } }),
  'POST /api/products/charges/create': () => ({
    url: '/api/products/charges/create',
    body: { name: unique('Deposit '), kind: 'fixed', amount: 10, per: 'unit', isTaxable: false, active: true },
  }),
  'PUT /api/products/charges/{id}/edit': () => ({
    url: `/api/products/charges/${fixtures.chargeId}/edit`,
    body: { name: 'Limit deposit', kind: 'fixed', amount: 10, per: 'unit', isTaxable: false, active: true },
  }),
  // The harbour drawer is opened, moved and closed by the administrator; Main's stays open for sales.
  'POST /api/cashbox/status': () => ({ url: '/api/cashbox/status', body: { registerId: shop.harbourTill.id, float: { amount: 0 } } }),
  'POST /api/cashbox/{slug}/movements': () => ({ url: '/api/cashbox/hrb-till-1/movements', body: { kind: 'in', amount: 100, reason: 'Change' } }),
  'POST /api/cashbox/{slug}/close': () => ({
    prepare: () => shop.admin.post('/api/cashbox/status', { registerId: shop.harbourTill.id, float: { amount: 0 } }),
    url: '/api/cashbox/hrb-till-1/close',
    body: { counts: { cash: { amount: 0 }, card: { amount: 0 }, other: { amount: 0 } } },
  }),
  'POST /api/categories/create': () => ({ url: '/api/categories/create', body: { name: unique('Limit category '), position: 0 } }),
  'PUT /api/categories/{id}/edit': () => ({ url: `/api/categories/${fixtures.categoryId}/edit`, body: { name: 'Limit category', position: 0 } }),
  'POST /api/coupons/create': () => ({ url: '/api/coupons/create', body: couponBody() }),
  'PUT /api/coupons/{id}/edit': () => ({ url: `/api/coupons/${fixtures.couponId}/edit`, body: { ...couponBody(), code: 'LIMITS' } }),
  'PUT /api/customers/edit': () => ({ url: '/api/customers/edit', body: { id: fixtures.customerId, name: 'Limit customer', marketingConsent: false } }),
  'POST /api/customers/{id}/points': () => ({ url: `/api/customers/${fixtures.customerId}/points`, body: { delta: 5, reason: 'Limits' } }),
  // Store credit: positive adds (up to MAX_MONEY at a time), negative takes (down to −MAX_MONEY, within the balance), zero is refused.
  'POST /api/customers/{id}/store-credit': () => ({ url: `/api/customers/${fixtures.customerId}/store-credit`, body: { amount: 5, reason: 'Limits' } }),
  'POST /api/orders/create': (field) => {
    // A price set at the till (an administrator's, never limited): the sale at the largest price is taken.
    const total = field === 'lines[].unitPrice' ? MAX_MONEY : 800;
    return {
      client: field === 'lines[].unitPrice' ? 'admin' : 'cashier',
      url: '/api/orders/create',
      body: {
        uuid: randomUUID(),
        registerId: shop.till.id,
        lines: [{ variantId: shop.mug.variantId, quantity: 1, discount: discountFor(field, 'lines[].discount') }],
        orderDiscount: discountFor(field, 'orderDiscount'),
        customerId: fixtures.customerId,
        // A gift card sold on the sale carries a code of its own; the walk sets its amount.
        ...(field.startsWith('giftCards') ? { giftCards: [{ code: `6000${Date.now()}`.slice(0, 16), amount: 100 }] } : {}),
        payments: [{ tender: 'cash', amount: total }],
        total,
      },
    };
  },
  'POST /api/goods-orders/create': () => ({ url: '/api/goods-orders/create', body: goodsOrderBody() }),
  // ZPL on the 40-position sheet: the largest quantity and start position both print, quickly.
  'POST /api/labels/create': () => ({
    url: '/api/labels/create',
    body: {
      layout: 'a4-4x10',
      items: [{ variantId: fixtures.variantId, quantity: 1 }],
      fields: { shopName: true, title: true, variant: true, price: true, barcode: true, qr: false, sku: true },
      startAt: 1,
      format: 'zpl',
    },
  }),
  'PUT /api/goods-orders/{id}/edit': () => ({ url: `/api/goods-orders/${fixtures.goodsOrderId}/edit`, body: goodsOrderBody() }),
  'POST /api/goods-orders/{id}/items': () => ({
    url: `/api/goods-orders/${fixtures.goodsOrderId}/items`,
    body: { variantId: shop.mug.variantId, quantity: 1, unitCost: 1, taxRateE4: 0 },
  }),
  'POST /api/goods-orders/{id}/receive': () => ({
    url: `/api/goods-orders/${fixtures.orderedGoodsOrderId}/receive`,
    body: { items: [{ itemId: fixtures.goodsOrderItemId, quantity: 1, unitCost: 1 }], allowOver: true },
  }),
  'POST /api/orders/apply-coupon': (field) => ({
    client: 'cashier',
    url: '/api/orders/apply-coupon',
    body: {
      lines: [{ variantId: shop.mug.variantId, quantity: 1, discount: discountFor(field, 'lines[].discount') }],
      orderDiscount: discountFor(field, 'orderDiscount'),
      couponCode: 'LIMITS',
    },
  }),
  'POST /api/rewards/redeem': (field) => ({
    client: 'cashier',
    url: '/api/rewards/redeem',
    body: {
      lines: [{ variantId: shop.mug.variantId, quantity: 1, discount: discountFor(field, 'lines[].discount') }],
      orderDiscount: discountFor(field, 'orderDiscount'),
      customerId: fixtures.customerId,
      redemption: { points: 0 },
    },
  }),
  'PUT /api/settings/rewards': () => ({
    url: '/api/settings/rewards',
    body: {
      earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null },
      redemption: { enabled: true, points: 100, value: 100, minimumBalance: 0, maxShare: '100', payDiscountedItems: true },
      expiry: { months: null },
    },
  }),
  'POST /api/rewards/create': () => ({ url: '/api/rewards/create', body: rewardBody() }),
  'PUT /api/rewards/{id}/edit': () => ({ url: `/api/rewards/${fixtures.rewardId}/edit`, body: rewardBody() }),
  'PUT /api/orders/{id}/edit': () => ({ url: `/api/orders/${fixtures.orderId}/edit`, body: { customerId: fixtures.customerId } }),
  'POST /api/orders/{id}/refunds': (field) => ({
    url: `/api/orders/${fixtures.orderId}/refunds`,
    body: {
      lines: [{ orderLineId: fixtures.orderLineId, quantity: 1, restock: true }],
      ...(field === 'payments[].amount' ? { payments: [{ tender: 'card', amount: 0 }] } : {}),
      // Store credit goes only to the sale's customer: the sale gets one first.
      ...(field === 'storeCredit' ? { storeCredit: 0 } : {}),
      reason: 'Limits',
    },
    ...(field === 'storeCredit' ? { prepare: () => shop.admin.put(`/api/orders/${fixtures.orderId}/edit`, { customerId: fixtures.customerId }) } : {}),
  }),
  // A mug back without a receipt, as store credit: the shop takes such returns first.
  'POST /api/refunds/without-receipt': () => ({
    prepare: () =>
      shop.admin.put('/api/settings/cashier-rights', { refundUpTo: 0, discountUpToE4: 100_000, priceOverride: false, noSale: false, closeDifferenceUpTo: 500, noReceiptReturns: 'storeCredit' }),
    url: '/api/refunds/without-receipt',
    body: { registerId: shop.till.id, lines: [{ variantId: shop.mug.variantId, quantity: 1, restock: true }], reason: 'Limits', moneyBack: 'storeCredit', customerId: fixtures.customerId, total: 800 },
  }),
  'POST /api/products/create': () => ({ url: '/api/products/create', body: productBody() }),
  'PUT /api/products/{id}/edit': () => ({
    url: `/api/products/${fixtures.productId}/edit`,
    body: { ...productBody({ id: fixtures.variantId, stock: [{ outletId: shop.main.id, lowStockThreshold: 1 }] }), title: 'Limit product' },
  }),
  'POST /api/products/{id}/stock': () => ({
    url: `/api/products/${fixtures.productId}/stock`,
    body: { variantId: fixtures.variantId, outletId: shop.main.id, mode: 'add', quantity: 1, note: 'Limits' },
  }),
  'POST /api/registers/create': () => ({
    url: '/api/registers/create',
    body: { name: unique('Limit till '), outletId: shop.main.id, receiptTemplateId: shop.templateId, active: true },
  }),
  'PUT /api/settings/products': () => ({
    url: '/api/settings/products',
    body: { defaultTaxIds: [], skuPattern: 'SKU-{seq:6}', defaultLowStockThreshold: 5, allowNegativeStock: false },
  }),
  'PUT /api/settings/selling': () => ({ url: '/api/settings/selling', body: { confirmQuantityAbove: 100 } }),
  'POST /api/gift-cards/{id}/adjust': () => ({ url: `/api/gift-cards/${fixtures.giftCardId}/adjust`, body: { delta: 5, reason: 'Limits' } }),
  'PUT /api/settings/gift-cards': () => ({ url: '/api/settings/gift-cards', body: { expiryMonths: 12 } }),
  'PUT /api/settings/cashier-rights': () => ({
    url: '/api/settings/cashier-rights',
    body: { refundUpTo: 0, discountUpToE4: 100_000, priceOverride: false, noSale: false, closeDifferenceUpTo: 500 },
  }),
  'POST /api/stock-counts/{id}/lines': () => ({
    url: `/api/stock-counts/${fixtures.stockCountId}/lines`,
    body: { variantId: fixtures.variantId, quantity: 1, mode: 'set' },
  }),
  'POST /api/stock-transfers/create': () => ({ url: '/api/stock-transfers/create', body: transferBody() }),
  'PUT /api/stock-transfers/{id}/edit': () => ({ url: `/api/stock-transfers/${fixtures.transferId}/edit`, body: transferBody() }),
  'POST /api/stock-transfers/{id}/receive': () => ({
    url: `/api/stock-transfers/${fixtures.sentTransferId}/receive`,
    body: { items: [{ itemId: fixtures.transferItemId, quantity: 1 }] },
  }),
  'POST /api/suppliers/create': () => ({ url: '/api/suppliers/create', body: supplierBody() }),
  'PUT /api/suppliers/{id}/edit': () => ({ url: `/api/suppliers/${fixtures.supplierId}/edit`, body: { ...supplierBody(), companyName: 'Limit supplier' } }),
  'POST /api/users/create': () => ({
    url: '/api/users/create',
    body: { name: 'Limit cashier', username: unique('limit'), type: 'cashier', outletId: shop.main.id, active: true, password: 'secret-password', passwordConfirmation: 'secret-password' },
  }),
};

/** The operation's request with `field` set to `value`. */
function requestWith(field: Field, value: number): Request & { method: Method } {
  const [method, route] = field.operation.split(' ') as [Method, string];
  const base: Request = SCENARIOS[field.operation]?.(field.path) ?? { url: route, body: method === 'GET' || method === 'DELETE' ? undefined : {} };
  let url = base.url;
  let body = base.body;
  if (field.where === 'path') url = route.replace(`{${field.path}}`, String(value));
  // Path parameters the walk does not change, where no scenario names a row: none that exists.
  url = url.replace('{slug}', 'no-such-till').replace(/\{[a-zA-Z]+\}/g, String(MAX_ID));
  if (field.where === 'query') url += `${url.includes('?') ? '&' : '?'}${field.path}=${value}`;
  if (field.where === 'body') body = withValue(body, field.path, value);
  return { ...base, method, url, body };
}

async function send(request: Request & { method: Method }) {
  const client: TestClient = request.client === 'cashier' ? shop.cashier : shop.admin;
  await request.prepare?.();
  return client.request(request.method, request.url, request.body);
}

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const admin = shop.admin;
  const created = async (url: string, body: unknown) => {
    const res = await admin.post(url, body);
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const category = await created('/api/categories/create', { name: 'Limits', position: 0 });
  const attribute = await created('/api/attributes/create', { name: 'Limit size', options: [{ name: 'One' }] });
  const charge = await created('/api/products/charges/create', { name: 'Limit deposit', kind: 'fixed', amount: 10, per: 'unit', isTaxable: false, active: true });
  const coupon = await created('/api/coupons/create', { ...couponBody(), code: 'LIMITS' });
  const customer = await created('/api/customers/create', { name: 'Limit customer', marketingConsent: false });
  const product = await created('/api/products/create', productBody());
  fixtures = {
    categoryId: category.id,
    attributeId: attribute.id,
    optionId: attribute.options[0].id,
    chargeId: charge.id,
    couponId: coupon.id,
    customerId: customer.id,
    productId: product.id,
    variantId: product.variants[0].id,
    supplierId: 0,
    orderId: 0,
    orderLineId: 0,
    stockCountId: 0,
    goodsOrderId: 0,
    orderedGoodsOrderId: 0,
    goodsOrderItemId: 0,
    transferId: 0,
    sentTransferId: 0,
    transferItemId: 0,
    rewardId: 0,
    giftCardId: (await ctx.database.db.insert(giftCards).values({ code: 'LIMITS0001' }).returning({ id: giftCards.id }))[0]!.id,
  };
  fixtures.supplierId = (await created('/api/suppliers/create', supplierBody())).id;
  fixtures.rewardId = (await created('/api/rewards/create', rewardBody())).id;
  fixtures.goodsOrderId = (await created('/api/goods-orders/create', goodsOrderBody())).id;
  const ordered = await created('/api/goods-orders/create', goodsOrderBody());
  expect((await admin.put(`/api/goods-orders/${ordered.id}/edit`, { status: 'ordered' })).statusCode).toBe(200);
  fixtures.orderedGoodsOrderId = ordered.id;
  fixtures.goodsOrderItemId = ordered.items[0].id;
  fixtures.transferId = (await created('/api/stock-transfers/create', transferBody())).id;
  const sent = await created('/api/stock-transfers/create', transferBody());
  expect((await admin.put(`/api/stock-transfers/${sent.id}/edit`, { status: 'sent' })).statusCode).toBe(200);
  fixtures.sentTransferId = sent.id;
  fixtures.transferItemId = sent.items[0].id;
  fixtures.stockCountId = (await created('/api/stock-counts/create', { outletId: shop.main.id, scope: 'list', variantIds: [fixtures.variantId] })).id;
  expect((await shop.cashier.post('/api/cashbox/status', { registerId: shop.till.id, float: { amount: 0 } })).statusCode).toBeLessThan(300);
  const sale = await shop.cashier.post('/api/orders/create', {
    uuid: randomUUID(),
    registerId: shop.till.id,
    lines: [{ variantId: shop.shirt.variantId, quantity: 2 }],
    payments: [{ tender: 'cash', amount: 6000 }],
    total: 6000,
  });
  expect(sale.statusCode).toBe(201);
  fixtures.orderId = sale.json().data.id;
  fixtures.orderLineId = sale.json().data.lines[0].id;
});
afterAll(() => ctx.close());

describe('limits of the contract', () => {
  it('gives every whole-number field of every operation a maximum that a JavaScript number holds exactly', () => {
    const fields = wholeNumberFields(openApiDocumentOf(ctx.app));
    expect(fields.length).toBeGreaterThan(100);
    const unbounded = fields.filter((f) => f.maximum === undefined || f.maximum >= Number.MAX_SAFE_INTEGER).map((f) => `${f.operation} ${f.where}:${f.path}`);
    // A receipt's paper width is one of two values (58 or 80): an enum, not a range.
    expect(unbounded.filter((f) => !f.endsWith('body:paperWidth'))).toEqual([]);
  });

  it('walks every money and quantity field with a valid request', () => {
    const fields = [...wholeNumberFields(openApiDocumentOf(ctx.app)), ...HIDDEN_FIELDS];
    const withoutScenario = fields
      .filter((f) => f.where === 'body' && f.maximum !== undefined && f.maximum !== MAX_ID && !SCENARIOS[f.operation])
      .map((f) => `${f.operation} ${f.path}`);
    expect(withoutScenario).toEqual([]);
  });

  it('closes a drawer that took the largest float and cash-ins, with the expected cash to the cent', async () => {
    const admin = shop.admin;
    const opened = await admin.post('/api/cashbox/status', { registerId: shop.harbourTill.id, float: { amount: MAX_MONEY } });
    expect(opened.statusCode).toBeLessThan(300);
    for (let i = 0; i < 3; i += 1) {
      expect((await admin.post('/api/cashbox/hrb-till-1/movements', { kind: 'in', amount: MAX_MONEY, reason: 'Takings from the safe' })).statusCode).toBe(201);
    }
    expect((await admin.post('/api/cashbox/hrb-till-1/movements', { kind: 'out', amount: 5, reason: 'Petty cash' })).statusCode).toBe(201);
    const expected = 4 * MAX_MONEY - 5;
    const closed = await admin.post('/api/cashbox/hrb-till-1/close', { counts: { cash: { amount: expected + 7 }, card: { amount: 0 }, other: { amount: 0 } } });
    expect(closed.statusCode).toBe(200);
    const report = closed.json().data;
    expect(report.session.status).toBe('closed');
    expect(report.session.openingFloat).toBe(MAX_MONEY);
    expect(report.session.expectedCash).toBe(expected);
    expect(report.cashIn).toBe(3 * MAX_MONEY);
    expect(report.reconciliation.find((r: { tender: string }) => r.tender === 'cash')).toEqual({ tender: 'cash', expected, counted: expected + 7, difference: 7 });
    const again = (await admin.get(`/api/cashbox/${report.session.id}/report`)).json().data;
    expect(again.session.expectedCash).toBe(expected);
  });

  it('sells at the largest price, adds it to the customer, and refuses a larger sale with a 422', async () => {
    const created = await shop.admin.post('/api/products/create', productBody({ price: MAX_MONEY, cost: MAX_MONEY, stock: [{ outletId: shop.main.id, quantity: 10, lowStockThreshold: null }] }));
    expect(created.statusCode).toBe(201);
    const variantId = created.json().data.variants[0].id;
    const customer = (await shop.admin.post('/api/customers/create', { name: 'Big spender', marketingConsent: false })).json().data;
    for (let i = 0; i < 3; i += 1) {
      const sale = await shop.cashier.post('/api/orders/create', {
        uuid: randomUUID(),
        registerId: shop.till.id,
        lines: [{ variantId, quantity: 1 }],
        customerId: customer.id,
        payments: [{ tender: 'cash', amount: MAX_MONEY }],
        total: MAX_MONEY,
      });
      expect(sale.statusCode).toBe(201);
      expect(sale.json().data).toMatchObject({ total: MAX_MONEY, paid: MAX_MONEY });
    }
    const spender = (await shop.admin.get(`/api/customers/${customer.id}/edit`)).json().data;
    expect(spender).toMatchObject({ totalSpent: 3 * MAX_MONEY, orderCount: 3 });

    const tooLarge = await shop.cashier.post('/api/orders/create', {
      uuid: randomUUID(),
      registerId: shop.till.id,
      lines: [{ variantId, quantity: 2 }],
      payments: [{ tender: 'cash', amount: MAX_MONEY }],
      total: MAX_MONEY,
    });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors.lines).toEqual(['The sale is larger than one sale may be: ring it up as several sales.']);
    // Far beyond what a number holds exactly: still the same answer, never a server error.
    const huge = await shop.cashier.post('/api/orders/apply-coupon', { lines: Array.from({ length: 500 }, () => ({ variantId, quantity: 100_000 })), couponCode: 'LIMITS' });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.lines).toBeDefined();
  });

  it('pays the largest sale with the largest store credit, and refuses a unit more than the customer has on storeCredit', async () => {
    const created = await shop.admin.post('/api/products/create', productBody({ price: MAX_MONEY, cost: 1, stock: [{ outletId: shop.main.id, quantity: 10, lowStockThreshold: null }] }));
    const variantId = created.json().data.variants[0].id;
    const customer = (await shop.admin.post('/api/customers/create', { name: 'Credit holder', marketingConsent: false })).json().data;
    await changeStoreCredit(ctx.database.db, { customerId: customer.id, delta: MAX_MONEY, kind: 'adjusted', userId: null, field: 'amount' });
    const sell = (storeCredit: number) =>
      shop.cashier.post('/api/orders/create', { uuid: randomUUID(), registerId: shop.till.id, lines: [{ variantId, quantity: 1 }], customerId: customer.id, storeCredit, payments: [], total: MAX_MONEY });
    const sale = await sell(MAX_MONEY);
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().data).toMatchObject({ total: MAX_MONEY, storeCreditPaid: MAX_MONEY, paid: 0 });
    expect((await shop.admin.get(`/api/customers/${customer.id}/edit`)).json().data.storeCredit).toBe(0);
    const more = await sell(1);
    expect(more.statusCode).toBe(422);
    expect(Object.keys(more.json().errors)).toEqual(['storeCredit']);
  });

  it('keeps stock on hand beyond 2^31 units and lists it', async () => {
    for (let i = 0; i < 3; i += 1) {
      const added = await shop.admin.post(`/api/products/${fixtures.productId}/stock`, {
        variantId: fixtures.variantId,
        outletId: shop.main.id,
        mode: 'add',
        quantity: 1_000_000_000,
        note: 'Container delivery',
      });
      expect(added.statusCode).toBeLessThan(300);
    }
    const product = (await shop.admin.get(`/api/products/${fixtures.productId}/edit`)).json().data;
    const level = product.variants[0].stock.find((s: { outletId: number }) => s.outletId === shop.main.id);
    expect(level.quantity).toBeGreaterThan(3_000_000_000);
    const listed = (await shop.admin.get(`/api/products?search=${encodeURIComponent(product.title)}&outletId=${shop.main.id}`)).json().data;
    expect(listed.find((p: { id: number }) => p.id === fixtures.productId).stock).toBe(level.quantity);
  });

  it('answers every field at its maximum without a server error, and one past it with a 422 naming the field', { timeout: 600_000 }, async () => {
    const fields = [...wholeNumberFields(openApiDocumentOf(ctx.app)), ...HIDDEN_FIELDS].filter(
      (f) => f.maximum !== undefined && f.maximum < Number.MAX_SAFE_INTEGER,
    );
    const serverErrors: string[] = [];
    const notRefused: string[] = [];
    let atMaximumSucceeded = 0;
    for (const field of fields) {
      const name = `${field.operation} ${field.where}:${field.path}`;
      const atMaximum = await send(requestWith(field, field.maximum!));
      if (atMaximum.statusCode >= 500) serverErrors.push(`${name} = ${field.maximum} → ${atMaximum.statusCode} ${atMaximum.body.slice(0, 200)}`);
      if (atMaximum.statusCode < 300) atMaximumSucceeded += 1;
      const beyond = await send(requestWith(field, field.maximum! + 1));
      if (beyond.statusCode >= 500) serverErrors.push(`${name} = ${field.maximum! + 1} → ${beyond.statusCode} ${beyond.body.slice(0, 200)}`);
      else if (beyond.statusCode !== 422) notRefused.push(`${name} = ${field.maximum! + 1} → ${beyond.statusCode}`);
      else if (field.where === 'body' && !Object.keys(beyond.json().errors ?? {}).some((key) => key.replace(/\.\d+/g, '[]') === field.path.replace(/\[\]/g, '[]'))) {
        notRefused.push(`${name} = ${field.maximum! + 1} → 422 without the field: ${beyond.body.slice(0, 200)}`);
      }
    }
    expect(serverErrors).toEqual([]);
    expect(notRefused).toEqual([]);
    // The walk reached the database: most largest values were taken.
    expect(atMaximumSucceeded).toBeGreaterThan(30);
  });
});
