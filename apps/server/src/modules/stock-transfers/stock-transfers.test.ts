import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevels, stockMovements } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let main: { id: number; name: string };
let harbour: { id: number; name: string };
let mugId: number;
let teaId: number;
let jarId: number;
let serviceId: number;

/** A product with one variant and its opening stock at Main store. */
async function createVariant(title: string, cost: number, atMain: number, trackStock = true): Promise<number> {
  const res = await admin.post('/api/products/create', {
    title,
    trackStock,
    variants: [{ price: cost * 2, cost, stock: trackStock ? [{ outletId: main.id, quantity: atMain, lowStockThreshold: null }] : [] }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.variants[0].id;
}

async function level(outletId: number, variantId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.outletId, outletId), eq(stockLevels.variantId, variantId)));
  return row?.quantity ?? 0;
}

async function movesOf(transferId: number) {
  return ctx.database.db
    .select({ outletId: stockMovements.outletId, variantId: stockMovements.variantId, delta: stockMovements.delta, reason: stockMovements.reason, unitCost: stockMovements.unitCost, note: stockMovements.note, documentType: stockMovements.documentType })
    .from(stockMovements)
    .where(and(eq(stockMovements.documentType, 'stock_transfer'), eq(stockMovements.documentId, transferId)))
    .orderBy(asc(stockMovements.id));
}

async function draft(items: { variantId: number; quantity: number }[], extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/stock-transfers/create', { fromOutletId: main.id, toOutletId: harbour.id, note: null, items, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
  main = (await admin.get('/api/outlets/list')).json().data[0];
  harbour = (await admin.post('/api/outlets/create', { name: 'Harbour Road', code: 'HRB', active: true })).json().data;
  mugId = await createVariant('Enamel mug', 400, 20);
  teaId = await createVariant('Breakfast tea', 250, 10);
  jarId = await createVariant('Honey jar', 300, 3);
  serviceId = await createVariant('Gift wrapping', 50, 0, false);
});
afterAll(() => ctx.close());

describe('stock transfers: drafts', () => {
  it('creates a draft numbered from its id, with each line’s product, sku and what both outlets hold', async () => {
    const created = await draft([{ variantId: mugId, quantity: 5 }], { note: 'For the weekend market' });
    expect(created).toMatchObject({
      number: `TR-${String(created.id).padStart(6, '0')}`,
      status: 'draft',
      fromOutletName: 'Main store',
      toOutletName: 'Harbour Road',
      note: 'For the weekend market',
      itemCount: 1,
      unitCount: 5,
      receivedUnitCount: null,
      sentAt: null,
      value: 2000,
    });
    expect(created.createdBy.name).toMatch(/^Test administrator/);
    expect(created.items).toEqual([
      expect.objectContaining({ variantId: mugId, productTitle: 'Enamel mug', variantName: '', quantity: 5, receivedQuantity: null, shortQuantity: null, unitCost: 400, fromOnHand: 20, toOnHand: 0 }),
    ]);
    expect(created.items[0].sku).toMatch(/^SKU-/);
    // Nothing moves for a draft.
    expect(await level(main.id, mugId)).toBe(20);
    expect(await movesOf(created.id)).toEqual([]);
    const read = await admin.get(`/api/stock-transfers/${created.id}/edit`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);
  });

  it('edits a draft: the fields given replace its own, the lines replace every line', async () => {
    const created = await draft([{ variantId: mugId, quantity: 5 }], { note: 'first' });
    const res = await admin.put(`/api/stock-transfers/${created.id}/edit`, {
      items: [
        { variantId: teaId, quantity: 2 },
        { variantId: mugId, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data;
    expect(edited.note).toBe('first');
    expect(edited.items.map((i: { variantId: number; quantity: number }) => [i.variantId, i.quantity])).toEqual([
      [teaId, 2],
      [mugId, 1],
    ]);
    const swapped = (await admin.put(`/api/stock-transfers/${created.id}/edit`, { fromOutletId: harbour.id, toOutletId: main.id, note: '' })).json().data;
    expect(swapped).toMatchObject({ fromOutletName: 'Harbour Road', toOutletName: 'Main store', note: null, status: 'draft', itemCount: 2 });
    expect(swapped.items[0]).toMatchObject({ fromOnHand: 0, toOnHand: 10 });
  });

  it('refuses bad input with 422, each message on its field or line', async () => {
    /** The 422's messages for a new transfer from Main store to Harbour Road with these lines. */
    async function refused(items: [variantId: number, quantity: number][], body: Record<string, unknown> = {}) {
      const res = await admin.post('/api/stock-transfers/create', {
        fromOutletId: main.id,
        toOutletId: harbour.id,
        items: items.map(([variantId, quantity]) => ({ variantId, quantity })),
        ...body,
      });
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    }
    expect(await refused([], { toOutletId: main.id })).toEqual({ toOutletId: ['The destination must be another outlet than the source.'] });
    expect(
      await refused([
        [mugId, 0],
        [teaId, 1.5],
        [jarId, 1_000_000_001],
      ]),
    ).toEqual({
      'items.0.quantity': ['The quantity must be at least 1.'],
      'items.1.quantity': ['The quantity must be a whole number.'],
      'items.2.quantity': ['The quantity may not be greater than 1000000000.'],
    });
    expect(
      await refused([
        [mugId, 1],
        [teaId, 1],
        [mugId, 2],
      ]),
    ).toEqual({ 'items.2.variantId': ['This product is already on the transfer.'] });
    expect(
      await refused(
        [
          [mugId, 1],
          [999_999, 1],
          [serviceId, 1],
        ],
        { fromOutletId: 999_999 },
      ),
    ).toEqual({
      fromOutletId: ['The chosen source outlet does not exist.'],
      'items.1.variantId': ['The selected product does not exist.'],
      'items.2.variantId': ['This product does not track stock.'],
    });

    const missing = await admin.post('/api/stock-transfers/create', { note: 'x\u0001' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      fromOutletId: ['The source outlet field is required.'],
      toOutletId: ['The destination outlet field is required.'],
      note: ['The note may not contain control characters.'],
    });

    const created = await draft([]);
    const sameOnEdit = await admin.put(`/api/stock-transfers/${created.id}/edit`, { toOutletId: main.id });
    expect(sameOnEdit.statusCode).toBe(422);
    expect(sameOnEdit.json().errors).toEqual({ toOutletId: ['The destination must be another outlet than the source.'] });
    const badStatus = await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'received' });
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().errors).toEqual({ status: ['The status must be draft, sent or cancelled.'] });
    for (const url of ['/api/stock-transfers/abc/edit', '/api/stock-transfers/99999999999/edit']) expect((await admin.get(url)).statusCode).toBe(422);
    expect((await admin.get('/api/stock-transfers/999999/edit')).statusCode).toBe(404);
    expect((await admin.put('/api/stock-transfers/999999/edit', { status: 'sent' })).statusCode).toBe(404);
    expect((await admin.post('/api/stock-transfers/999999/receive', {})).statusCode).toBe(404);
    expect((await admin.delete('/api/stock-transfers/999999')).statusCode).toBe(404);
  });

  it('cannot send a transfer without lines', async () => {
    const empty = await draft([]);
    const res = await admin.put(`/api/stock-transfers/${empty.id}/edit`, { status: 'sent' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ items: ['Add at least one product before sending the transfer.'] });
    expect((await admin.get(`/api/stock-transfers/${empty.id}/edit`)).json().data.status).toBe('draft');
  });

  it('cancels a draft, which is then kept: not deleted, not sent, not received', async () => {
    const created = await draft([{ variantId: teaId, quantity: 1 }]);
    const res = await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled' });
    expect(res.json().data.cancelledAt).not.toBeNull();
    const del = await admin.delete(`/api/stock-transfers/${created.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(`Only a draft transfer can be deleted: ${created.number} was cancelled and is kept for its history.`);
    const send = await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'sent' });
    expect(send.json().errors).toEqual({ status: ['This transfer was cancelled and cannot be sent.'] });
    const receive = await admin.post(`/api/stock-transfers/${created.id}/receive`, {});
    expect(receive.statusCode).toBe(422);
    expect(receive.json().errors).toEqual({ status: ['This transfer was cancelled: nothing is on its way.'] });
    expect((await admin.put(`/api/stock-transfers/${created.id}/edit`, { note: 'late' })).json().errors).toEqual({
      status: ['This transfer was cancelled: only a draft can be changed.'],
    });
    expect(await level(main.id, teaId)).toBe(10);
  });

  it('tells what an outlet holds of the lines being typed, 0 for what it never held', async () => {
    const res = await admin.get(`/api/stock-transfers/on-hand?outletId=${main.id}&variantIds=${teaId},${mugId},999999`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { variantId: teaId, quantity: 10 },
      { variantId: mugId, quantity: 20 },
      { variantId: 999_999, quantity: 0 },
    ]);
    const bad = await admin.get(`/api/stock-transfers/on-hand?outletId=x&variantIds=1,,2`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ outletId: ['The outlet must be chosen from the list.'], variantIds: ['The products must be ids separated by commas.'] });
  });

  it('deletes a draft', async () => {
    const created = await draft([{ variantId: teaId, quantity: 1 }]);
    expect((await admin.delete(`/api/stock-transfers/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/stock-transfers/${created.id}/edit`)).statusCode).toBe(404);
  });

  it('refuses to receive a draft', async () => {
    const created = await draft([{ variantId: teaId, quantity: 1 }]);
    const res = await admin.post(`/api/stock-transfers/${created.id}/receive`, { items: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ status: ['This transfer is a draft: send it before receiving it.'] });
  });
});

describe('stock transfers: sending and receiving', () => {
  it('refuses to send more than the source holds, naming the line, and moves nothing', async () => {
    const created = await draft([
      { variantId: mugId, quantity: 2 },
      { variantId: jarId, quantity: 5 },
    ]);
    const res = await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'sent' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'items.1.quantity': ['Only 3 on hand at Main store: 5 cannot be sent.'] });
    expect(await level(main.id, mugId)).toBe(20);
    expect(await level(main.id, jarId)).toBe(3);
    expect(await movesOf(created.id)).toEqual([]);
    expect((await admin.get(`/api/stock-transfers/${created.id}/edit`)).json().data.status).toBe('draft');
  });

  it('sends below zero when the shop allows selling below zero', async () => {
    const settings = (await admin.get('/api/settings')).json().data;
    const products = { defaultTaxIds: settings.defaultTaxIds, skuPattern: settings.skuPattern, defaultLowStockThreshold: settings.defaultLowStockThreshold };
    expect((await admin.put('/api/settings/products', { ...products, allowNegativeStock: true })).statusCode).toBe(200);
    try {
      const created = await draft([{ variantId: jarId, quantity: 4 }]);
      const res = await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'sent' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await level(main.id, jarId)).toBe(-1);
      // Received again, so the jar's level is back where it was for the other tests.
      await admin.post(`/api/stock-transfers/${created.id}/receive`, {});
      const back = await draft([{ variantId: jarId, quantity: 4 }], { fromOutletId: harbour.id, toOutletId: main.id, status: 'sent' });
      await admin.post(`/api/stock-transfers/${back.id}/receive`, {});
      expect(await level(main.id, jarId)).toBe(3);
    } finally {
      await admin.put('/api/settings/products', { ...products, allowNegativeStock: false });
    }
  });

  it('sends: the units leave the source at their cost and are in transit; receiving records a shortfall and both ledgers show the document', async () => {
    const created = await draft([
      { variantId: mugId, quantity: 5 },
      { variantId: teaId, quantity: 4 },
    ]);
    const sent = await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'sent' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'sent', unitCount: 9, value: 5 * 400 + 4 * 250 });
    expect(sent.json().data.sentAt).not.toBeNull();
    expect(sent.json().data.sentBy.name).toMatch(/^Test administrator/);
    // In transit: the source's level is down, the destination's unchanged.
    expect(await level(main.id, mugId)).toBe(15);
    expect(await level(main.id, teaId)).toBe(6);
    expect(await level(harbour.id, mugId)).toBe(0);
    expect(await level(harbour.id, teaId)).toBe(0);
    expect(sent.json().data.items.map((i: { fromOnHand: number; toOnHand: number; unitCost: number }) => [i.fromOnHand, i.toOnHand, i.unitCost])).toEqual([
      [15, 0, 400],
      [6, 0, 250],
    ]);

    // A sent transfer can no longer change, be sent again, be cancelled or be deleted.
    expect((await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'sent' })).json().errors).toEqual({ status: ['This transfer has already been sent.'] });
    expect((await admin.put(`/api/stock-transfers/${created.id}/edit`, { items: [] })).json().errors).toEqual({
      status: ['This transfer has been sent: only a draft can be changed.'],
    });
    expect((await admin.put(`/api/stock-transfers/${created.id}/edit`, { status: 'cancelled' })).json().errors).toEqual({
      status: ['This transfer is in transit and can no longer be cancelled: receive it, recording what did not arrive.'],
    });
    const del = await admin.delete(`/api/stock-transfers/${created.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(`Only a draft transfer can be deleted: ${created.number} is in transit and is kept for its history.`);
    expect(await level(main.id, mugId)).toBe(15);

    const [mugLine, teaLine] = sent.json().data.items;
    const tooMany = await admin.post(`/api/stock-transfers/${created.id}/receive`, {
      items: [
        { itemId: mugLine.id, quantity: 3 },
        { itemId: teaLine.id, quantity: 5 },
      ],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ 'items.1.quantity': ['Only 4 were sent: at most 4 can be received.'] });
    const strange = await admin.post(`/api/stock-transfers/${created.id}/receive`, {
      items: [
        { itemId: 999_999, quantity: 1 },
        { itemId: mugLine.id, quantity: -1 },
        { itemId: teaLine.id, quantity: 1 },
        { itemId: teaLine.id, quantity: 1 },
      ],
    });
    expect(strange.statusCode).toBe(422);
    expect(strange.json().errors).toEqual({ 'items.1.quantity': ['The received quantity must be at least 0.'], 'items.3.itemId': ['This line is counted twice.'] });
    const notOnIt = await admin.post(`/api/stock-transfers/${created.id}/receive`, { items: [{ itemId: 999_999, quantity: 1 }] });
    expect(notOnIt.json().errors).toEqual({ 'items.0.itemId': ['This line is not on the transfer.'] });
    expect(await level(harbour.id, mugId)).toBe(0);

    // 3 of 5 mugs arrive; the tea, left out, arrived whole.
    const received = await admin.post(`/api/stock-transfers/${created.id}/receive`, { items: [{ itemId: mugLine.id, quantity: 3 }] });
    expect(received.statusCode, received.body).toBe(200);
    const data = received.json().data;
    expect(data).toMatchObject({ status: 'received', unitCount: 9, receivedUnitCount: 7, shortValue: 2 * 400 });
    expect(data.receivedBy.name).toMatch(/^Test administrator/);
    expect(data.items.map((i: { quantity: number; receivedQuantity: number; shortQuantity: number }) => [i.quantity, i.receivedQuantity, i.shortQuantity])).toEqual([
      [5, 3, 2],
      [4, 4, 0],
    ]);
    expect(await level(harbour.id, mugId)).toBe(3);
    expect(await level(harbour.id, teaId)).toBe(4);
    expect(await level(main.id, mugId)).toBe(15);

    // Both outlets' ledgers: out of Main store when sent, into Harbour Road when received, at the cost when sent.
    expect(await movesOf(created.id)).toEqual([
      { outletId: main.id, variantId: mugId, delta: -5, reason: 'transfer', unitCost: 400, note: `${created.number} to Harbour Road`, documentType: 'stock_transfer' },
      { outletId: main.id, variantId: teaId, delta: -4, reason: 'transfer', unitCost: 250, note: `${created.number} to Harbour Road`, documentType: 'stock_transfer' },
      { outletId: harbour.id, variantId: mugId, delta: 3, reason: 'transfer', unitCost: 400, note: `${created.number} from Main store`, documentType: 'stock_transfer' },
      { outletId: harbour.id, variantId: teaId, delta: 4, reason: 'transfer', unitCost: 250, note: `${created.number} from Main store`, documentType: 'stock_transfer' },
    ]);
    // The product's stock history shows both moves with the transfer's number.
    const productId = data.items[0].productId;
    const history = (await admin.get(`/api/stock-movements?productId=${productId}`)).json().data;
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({ outletName: 'Harbour Road', delta: 3, reason: 'transfer', note: `${created.number} from Main store` }),
      expect.objectContaining({ outletName: 'Main store', delta: -5, reason: 'transfer', note: `${created.number} to Harbour Road` }),
    ]);

    const again = await admin.post(`/api/stock-transfers/${created.id}/receive`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ status: ['This transfer has already been received.'] });
    expect(await level(harbour.id, mugId)).toBe(3);
    expect((await admin.delete(`/api/stock-transfers/${created.id}`)).statusCode).toBe(409);
  });

  it('creates and sends at once, refused whole when a line cannot leave', async () => {
    const refused = await admin.post('/api/stock-transfers/create', {
      fromOutletId: main.id,
      toOutletId: harbour.id,
      status: 'sent',
      items: [{ variantId: jarId, quantity: 9 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'items.0.quantity': ['Only 3 on hand at Main store: 9 cannot be sent.'] });
    expect((await admin.get('/api/stock-transfers?search=jar')).json().meta.total).toBe(0);
    const before = (await admin.get('/api/stock-transfers')).json().meta.total;
    const sent = await draft([{ variantId: jarId, quantity: 1 }], { status: 'sent' });
    expect(sent.status).toBe('sent');
    expect(await level(main.id, jarId)).toBe(2);
    expect((await admin.get('/api/stock-transfers')).json().meta.total).toBe(before + 1);
  });

  it('sends the edited lines when a draft is saved and sent in one call', async () => {
    const created = await draft([{ variantId: mugId, quantity: 1 }]);
    const res = await admin.put(`/api/stock-transfers/${created.id}/edit`, { items: [{ variantId: teaId, quantity: 2 }], status: 'sent' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await movesOf(created.id)).map((m) => [m.variantId, m.delta])).toEqual([[teaId, -2]]);
  });
});

describe('stock transfers: the list', () => {
  it('lists newest first with outlets, counts and status; filters by status, outlet on either side and days; searches by number', async () => {
    const all = (await admin.get('/api/stock-transfers?perPage=100')).json();
    expect(all.meta.total).toBeGreaterThan(5);
    const ids = all.data.map((t: { id: number }) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = all.data.find((t: { status: string }) => t.status === 'received');
    expect(first).toMatchObject({ fromOutletName: expect.any(String), toOutletName: expect.any(String), receivedUnitCount: expect.any(Number) });

    const sentOnly = (await admin.get('/api/stock-transfers?status=sent&perPage=100')).json().data;
    expect(sentOnly.length).toBeGreaterThan(0);
    expect(sentOnly.every((t: { status: string }) => t.status === 'sent')).toBe(true);

    const other = (await admin.post('/api/outlets/create', { name: 'Airport Kiosk', code: 'AIR', active: true })).json().data;
    const toAirport = await draft([], { toOutletId: other.id });
    const fromAirport = await draft([], { fromOutletId: other.id, toOutletId: main.id });
    const airport = (await admin.get(`/api/stock-transfers?outletId=${other.id}`)).json().data.map((t: { id: number }) => t.id);
    expect(airport).toEqual([fromAirport.id, toAirport.id]);

    for (const search of [toAirport.number, `TR-${toAirport.id}`, `tr${toAirport.id}`, String(toAirport.id)]) {
      const found = (await admin.get(`/api/stock-transfers?search=${encodeURIComponent(search)}`)).json().data.map((t: { id: number }) => t.id);
      expect(found, search).toEqual([toAirport.id]);
    }
    expect((await admin.get('/api/stock-transfers?search=TR-99999999999')).json().meta.total).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get(`/api/stock-transfers?from=2000-01-01&to=2000-12-31`)).json().meta.total).toBe(0);
    expect((await admin.get(`/api/stock-transfers?from=2000-01-01`)).json().meta.total).toBe(all.meta.total + 2);
    expect((await admin.get('/api/stock-transfers?sort=number')).json().data[0].id).toBe(ids[ids.length - 1]);

    const bad = await admin.get(`/api/stock-transfers?status=lost&outletId=x&from=${today}&to=2000-01-01&sort=price`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['outletId', 'sort', 'status']);
    const backwards = await admin.get(`/api/stock-transfers?from=${today}&to=2000-01-01`);
    expect(backwards.json().errors).toEqual({ to: ['The to date must be on or after the from date.'] });
  });
});

describe('stock transfers: roles', () => {
  it('refuses a cashier every call with 403', async () => {
    const created = await draft([{ variantId: teaId, quantity: 1 }]);
    const calls = [
      cashier.get('/api/stock-transfers'),
      cashier.get(`/api/stock-transfers/on-hand?outletId=${main.id}&variantIds=${teaId}`),
      cashier.post('/api/stock-transfers/create', { fromOutletId: main.id, toOutletId: harbour.id, items: [] }),
      cashier.get(`/api/stock-transfers/${created.id}/edit`),
      cashier.put(`/api/stock-transfers/${created.id}/edit`, { status: 'sent' }),
      cashier.delete(`/api/stock-transfers/${created.id}`),
      cashier.post(`/api/stock-transfers/${created.id}/receive`, {}),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This action is unauthorized.');
    }
    expect((await admin.get(`/api/stock-transfers/${created.id}/edit`)).json().data.status).toBe('draft');
    expect((await ctx.client().get('/api/stock-transfers')).statusCode).toBe(401);
  });
});
