// Every selling and orders endpoint, as an administrator and as a cashier, fed malformed bodies and
// queries (wrong types, out-of-range ids, unknown actions): a 4xx each time, never a 500. A 503
// ("e-mail is not set up") is this test server's configuration, not bad input.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';
let ctx: TestContext; let shop: SaleShop;
beforeAll(async () => ({ ctx, shop } = await openSaleShop()));
afterAll(() => ctx.close());
it('answers bad input to the drawer, sale, refund, e-mail and list endpoints with 4xx, never a server error', async () => {
  const sold = (await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800))).json().data;
  const bodies = [undefined, null, 'x', 42, [], {}, { lines: 'x' }, { lines: [{ orderLineId: 'a', quantity: -1, restock: 'y' }], reason: 5 }, { counts: { cash: { amount: -5, denominations: [{ value: 'x' }] } } }, { kind: 'sideways', amount: 1e20, reason: '' }, { registerId: 'abc', float: { amount: 'x' } }, { note: 5, customerId: 'x', tags: [1, 2], total: 5 }, { ids: 'x', action: 'nuke' }, { email: 'not-an-email' }, { registerId: 99999999999, float: { amount: 100 } }, { uuid: '7f1c1a2e-1111-4111-8111-111111111111', registerId: 99999999999, lines: [{ variantId: 99999999999, quantity: 1 }], payments: [], total: 0, customerId: 99999999999 }, { lines: [{ orderLineId: 99999999999, quantity: 1, restock: true }], reason: 'x' }, { ids: [99999999999], action: 'tag', values: { tags: ['a'] } }, { note: null, customerId: 99999999999, tags: [] }, { uuid: 'x'.repeat(5000), lines: [{ variantId: 2 ** 40, quantity: 2 ** 40 }], payments: [{ tender: 'cash', amount: 2 ** 53 }], total: 2 ** 53, registerId: shop.till.id }];
  const posts = ['/api/cashbox/status', `/api/cashbox/${"main-till-1"}/movements`, `/api/cashbox/${"main-till-1"}/close`, '/api/orders/create', '/api/orders/apply-coupon', `/api/orders/${sold.id}/refunds`, `/api/orders/${sold.id}/notify`, '/api/orders/update', '/api/cashbox/%00/close'];
  for (const client of [shop.admin, shop.cashier]) {
    for (const url of posts) for (const body of bodies) {
      const res = await client.post(url, body);
      if (res.statusCode !== 503) expect(res.statusCode, `${url} ${JSON.stringify(body)} ${res.body}`).toBeLessThan(500);
    }
    for (const body of bodies) {
      const res = await client.put(`/api/orders/${sold.id}/edit`, body);
      expect(res.statusCode, `edit ${JSON.stringify(body)} ${res.body}`).toBeLessThan(500);
    }
    for (const url of ['/api/cashbox/status?register=%27;drop', '/api/cashbox/status', '/api/cashbox/999999/report', '/api/cashbox/abc/report', '/api/cashbox?page=-1&open=maybe', '/api/orders?from=yesterday&status=x&tender=y&sort=z', '/api/orders/tally?to=2026-13-45', '/api/orders/export?ids=a,b', '/api/orders/abc', '/api/orders/99999999999999', `/api/orders/${sold.id}/receipt?format=docx`, `/api/orders/${sold.id}/timeline`, '/api/orders/999999/refunds', `/api/products/sync?since=zzz`, '/api/orders?outletId=99999999999&registerId=99999999999&userId=99999999999&customerId=99999999999', '/api/cashbox?registerId=99999999999&outletId=99999999999', '/api/registers?outletId=99999999999', '/api/products/sync?outletId=99999999999', '/api/customers/99999999999/orders']) {
      const res = await client.get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
    }
  }
});
