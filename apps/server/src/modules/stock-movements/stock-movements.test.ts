import { localDateOf } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from '../orders/sale.fixtures.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { changeStock } from '../stock/service.ts';

let ctx: TestContext;
let shop: SaleShop;
let order: { id: number; number: string; lines: Array<{ id: number }> };
let refund: { id: number; number: string };
let countId: number;

type Entry = {
  id: number;
  reason: string;
  delta: number;
  quantityAfter: number;
  productTitle: string;
  variantName: string;
  sku: string;
  outletName: string;
  userName: string | null;
  unitCost: number;
  note: string | null;
  document: { type: string; id: number; label: string; path: string } | null;
};

async function movements(query = ''): Promise<{ data: Entry[]; meta: { total: number } }> {
  const res = await shop.admin.get(`/api/stock-movements?perPage=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
  // A sale of 2 mugs, then one of them refunded back onto the shelf.
  const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 2]], 1600));
  expect(sale.statusCode, sale.body).toBe(201);
  order = sale.json().data;
  const back = await shop.admin.post(`/api/orders/${order.id}/refunds`, { reason: 'Chipped', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: true }] });
  expect(back.statusCode, back.body).toBe(201);
  refund = back.json().data;
  // A manual adjustment at Harbour Road by the administrator.
  const adjusted = await shop.admin.post(`/api/products/${shop.shirt.productId}/stock`, { variantId: shop.shirt.variantId, outletId: shop.harbour.id, mode: 'add', quantity: 4, note: 'Found in the back' });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  // A count of the shirts at Main store finding one short.
  const count = await shop.admin.post('/api/stock-counts/create', { outletId: shop.main.id, scope: 'list', variantIds: [shop.shirt.variantId] });
  countId = count.json().data.id;
  await shop.admin.post(`/api/stock-counts/${countId}/lines`, { variantId: shop.shirt.variantId, quantity: 9, mode: 'set' });
  expect((await shop.admin.post(`/api/stock-counts/${countId}/apply`, {})).statusCode).toBe(200);
  // A goods receipt and a transfer, as their areas write them into the ledger.
  await changeStock(ctx.database.db, { outletId: shop.main.id, variantId: shop.mug.variantId, delta: 12, reason: 'received', document: { type: 'goods_order', id: 42 }, userId: null, allowNegative: false });
  await changeStock(ctx.database.db, { outletId: shop.main.id, variantId: shop.mug.variantId, delta: -3, reason: 'transfer', document: { type: 'stock_transfer', id: 7 }, userId: null, allowNegative: false });
});
afterAll(() => ctx.close());

describe('the stock ledger list', () => {
  it('lists every movement newest first, each with its product, outlet, user, cost and document link', async () => {
    const { data, meta } = await movements();
    expect(meta.total).toBe(6);
    expect(data.map((m) => m.reason)).toEqual(['transfer', 'received', 'count', 'adjustment', 'refund', 'sale']);
    const [transfer, received, count, adjustment, refunded, sold] = data;
    expect(sold).toMatchObject({
      productTitle: 'Mug',
      sku: 'MUG-1',
      outletName: shop.main.name,
      delta: -2,
      quantityAfter: 3,
      unitCost: 300,
      document: { type: 'order', id: order.id, label: order.number, path: `/orders/${order.id}` },
    });
    expect(sold?.userName).toMatch(/^Test cashier/);
    expect(refunded).toMatchObject({ delta: 1, quantityAfter: 4, document: { type: 'refund', id: refund.id, label: refund.number, path: `/orders/${order.id}` } });
    expect(adjustment).toMatchObject({ productTitle: 'Linen shirt', variantName: 'M / Blue', outletName: 'Harbour Road', delta: 4, note: 'Found in the back', document: null });
    expect(adjustment?.userName).toMatch(/^Test administrator/);
    expect(count).toMatchObject({ delta: -1, quantityAfter: 9, document: { type: 'stock_count', id: countId, label: `SC-${String(countId).padStart(6, '0')}`, path: `/stock-counts/${countId}` } });
    expect(received).toMatchObject({ delta: 12, document: { type: 'goods_order', id: 42, label: 'PO-000042', path: '/goods-orders/42/edit' } });
    expect(transfer).toMatchObject({ delta: -3, document: { type: 'stock_transfer', id: 7, label: 'TR-000007', path: '/stock-transfers/7/edit' } });
  });

  it('filters by outlet, reason, product, user and dates, and pages', async () => {
    expect((await movements(`&outletId=${shop.harbour.id}`)).data.map((m) => m.reason)).toEqual(['adjustment']);
    expect((await movements('&reason=count')).data.map((m) => m.delta)).toEqual([-1]);
    expect((await movements(`&productId=${shop.shirt.productId}`)).data.map((m) => m.reason)).toEqual(['count', 'adjustment']);
    expect((await movements(`&userId=${shop.cashierId}`)).data.map((m) => m.reason)).toEqual(['sale']);
    const today = localDateOf(new Date(), await getShopTimeZone(ctx.database.db));
    expect((await movements(`&from=${today}&to=${today}`)).meta.total).toBe(6);
    expect((await movements('&from=2001-01-01&to=2001-12-31')).meta.total).toBe(0);
    const page = await shop.admin.get('/api/stock-movements?perPage=4&page=2');
    expect(page.json().meta).toEqual({ page: 2, perPage: 4, total: 6, lastPage: 2 });
    expect(page.json().data.map((m: Entry) => m.reason)).toEqual(['refund', 'sale']);
  });

  it('refuses bad filters with 422', async () => {
    const bad = await shop.admin.get('/api/stock-movements?reason=theft&outletId=x&from=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'outletId', 'reason']);
    const backwards = await shop.admin.get('/api/stock-movements?from=2026-03-02&to=2026-03-01');
    expect(backwards.json().errors).toEqual({ to: ['The to date must be on or after the from date.'] });
    expect((await shop.admin.get('/api/stock-movements/export?from=2026-03-02&to=2026-03-01')).statusCode).toBe(422);
  });

  it('exports the filtered movements as CSV with costs as decimals and each document’s number', async () => {
    const res = await shop.admin.get(`/api/stock-movements/export?productId=${shop.mug.productId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stock-movements-\d{8}\.csv"$/);
    const rows = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('date,outlet,product,variant,sku,change,quantity after,unit cost,reason,note,user,document');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatch(/,Main store,Mug,,MUG-1,-3,13,3\.00,transfer,,,TR-000007$/);
    expect(rows[4]).toContain(`,Mug,,MUG-1,-2,3,3.00,sale,,`);
    expect(rows[4]).toMatch(new RegExp(`,${order.number}$`));
  });
});
