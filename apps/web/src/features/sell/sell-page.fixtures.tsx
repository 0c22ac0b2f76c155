import {
  defaultRewardSettings,
  defaultShopSettings,
  giftCardsTotal,
  type CashboxStatus,
  type GiftCard,
  type OrderGiftCard,
  type Order,
  type OrderCreateInput,
  type PointsSummary,
  type ProductSyncResult,
  type RewardSettings,
  type ShopSettings,
} from '@tillbook/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { delay, type JsonBodyType } from 'msw';
import { cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { catalogueDbName } from './catalogue-db.ts';
import { SellPage } from './sell-page.tsx';
import { syncProduct, syncVariant } from './sync-product.fixtures.ts';


const vat = { id: 1, name: 'VAT', rateE4: 200_000, isInclusive: true, isCompound: false };
const deposit = { id: 5, name: 'Bottle deposit', isTaxable: false, kind: 'fixed' as const, amount: 25, per: 'unit' as const };
const cola = syncProduct(2, 'Cola Zero 330 ml', { taxIds: [1], chargeIds: [5], variants: [syncVariant(21, { barcode: '5449000131805', price: 150, sku: 'COLA-330' })] });
const shirt = syncProduct(1, 'Linen Shirt', {
  variants: [syncVariant(11, { name: 'M / Red', sku: 'SHIRT-M-RED', barcode: '4006381333931', price: 2500, stock: 4 }), syncVariant(12, { name: 'L / Blue', sku: 'SHIRT-L-BLUE', price: 2500, stock: 0 })],
});

const scarf = syncProduct(3, 'Wool Scarf', { variants: [syncVariant(31, { sku: 'SCARF-1', price: 1800, stock: -4 })] });

const catalogue: ProductSyncResult = {
  products: [cola, shirt, scarf],
  deletedProductIds: [],
  deletedVariantIds: [],
  taxes: [vat],
  charges: [deposit],
  categories: [{ id: 30, name: 'Drinks', parentId: null, colour: '#0ea5e9', position: 0 }],
  nextCursor: 'c1',
  hasMore: false,
} as ProductSyncResult;

let outletId = 500;
const usedOutlets: number[] = [];

function drawer(isOpen: boolean): CashboxStatus {
  return {
    registerId: 3,
    registerSlug: 'main-till-1',
    registerName: 'Till 1',
    isOpen,
    isBlindClose: false,
    session: isOpen
      ? {
          id: 9, registerId: 3, registerName: 'Till 1', registerSlug: 'main-till-1', outletId, outletName: 'Main store', status: 'open', openedById: 2, openedByName: 'Carl Cash',
          openedAt: '2026-01-01T09:00:00.000Z', openingFloat: 10000, closedByName: null, closedAt: null, expectedCash: 10000, difference: null, salesCount: 0, salesTotal: 0,
        }
      : null,
  };
}

export function orderOf(input: OrderCreateInput): Order {
  const sold = input.giftCards ?? [];
  const spent = input.giftCardPayments ?? [];
  const giftCards: OrderGiftCard[] = [
    ...sold.map((card) => ({ code: card.code, kind: 'sold' as const, amount: card.amount, balanceAfter: card.amount, expiresAt: null })),
    ...spent.map((card) => ({ code: card.code, kind: 'spent' as const, amount: card.amount, balanceAfter: 0, expiresAt: null })),
  ];
  return {
    id: 1, uuid: input.uuid, number: 'MAIN-000001', status: 'paid', outletId, outletName: 'Main store', registerId: 3, registerName: 'Till 1', cashboxSessionId: 9, userId: 2,
    cashierName: 'Carl Cash', customerId: null, customerName: null, customerEmail: null, couponId: null, couponCode: null, subtotal: input.total, lineDiscountTotal: 0,
    orderDiscountTotal: 0, discountTotal: 0, chargeTotal: 0, netTotal: input.total, taxTotal: 0, total: input.total, paid: input.total, change: 0, storeCreditPaid: input.storeCredit ?? 0, giftCardsSold: giftCardsTotal(sold), giftCardsPaid: giftCardsTotal(spent), exchangeCredit: 0, giftCards, note: null,
    receiptTemplateId: null, lines: [], payments: [], loyalty: null, taxes: [], createdAt: '2026-01-01T10:00:00.000Z',
  };
}

type RenderSellOptions = {
  isOpen?: boolean;
  /** The drawer's status answered with an error instead. */
  statusError?: { status: number; body: JsonBodyType };
  registerId?: number;
  /** The catalogue never arrives. */
  isSyncPending?: boolean;
  /** The catalogue's sync is answered only once this settles (a till opening while a scan comes). */
  syncAnsweredAfter?: Promise<void>;
  settings?: Partial<ShopSettings>;
  /** The shop's loyalty rules (off by default) and the points of the sale's customer. */
  rewardSettings?: RewardSettings;
  points?: Omit<PointsSummary, 'customerId'>;
};

const noPoints: Omit<PointsSummary, 'customerId'> = { balance: 0, value: 0, refusal: null, rewards: [], next: null, storeCredit: 0 };

/** The sell screen of register `registerId` for a cashier, on a fresh outlet's catalogue copy. */
export function renderSell({ isOpen = true, statusError, registerId = 3, isSyncPending = false, syncAnsweredAfter, settings = {}, rewardSettings = defaultRewardSettings, points = noPoints }: RenderSellOptions = {}) {
  outletId += 1;
  usedOutlets.push(outletId);
  server.use(
    rest.get('/api/cashbox/status', () => (statusError ? HttpResponse.json(statusError.body, { status: statusError.status }) : HttpResponse.json({ data: drawer(isOpen) }))),
    rest.get('/api/products/sync', async () => {
      if (isSyncPending) await delay('infinite');
      await syncAnsweredAfter;
      return HttpResponse.json({ data: catalogue });
    }),
    rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, ...settings } })),
    rest.get('/api/settings/rewards', () => HttpResponse.json({ data: { ...rewardSettings, excludedCategories: [], excludedProducts: [] } })),
    rest.get('/api/rewards/points', ({ request }) => HttpResponse.json({ data: { ...points, customerId: Number(new URL(request.url).searchParams.get('customer')) } })),
  );
  return renderScreen(<SellPage />, { path: `/registers/${registerId}/sell`, pattern: '/registers/:id/sell', signedInAs: cashier });
}

/** Each POST of a sale: its body, answered by `answer` (the how-manieth sale it is, from 1). */
export function answerSales(answer: (body: OrderCreateInput, count: number) => Response) {
  const bodies: OrderCreateInput[] = [];
  server.use(
    rest.post('/api/orders/create', async ({ request }) => {
      const body = (await request.json()) as OrderCreateInput;
      bodies.push(body);
      return answer(body, bodies.length);
    }),
  );
  return bodies;
}

/** Unmounts the screens (they hold their catalogue open), then forgets the copies the tests made. */
export async function dropCatalogues() {
  cleanup();
  await Promise.all(usedOutlets.splice(0).map((id) => Dexie.delete(catalogueDbName(id))));
}

// A person types slower than a keyboard-wedge scanner (a burst under 50 ms per key).
export const person = () => userEvent.setup({ delay: 70 });
export const searchBox = () => screen.findByRole('searchbox', { name: 'Search products' });
export const saleLines = () => screen.findByRole('list', { name: 'Sale lines' });

/** The cola's barcode typed into the search box by a person, and Enter. */
export async function ringUpCola() {
  await screen.findByRole('button', { name: /Cola Zero 330 ml/ });
  await person().type(await searchBox(), '5449000131805{Enter}');
  await within(await saleLines()).findByText('Cola Zero 330 ml');
}

/** F9, exact cash, Complete sale: the payment dialog it was done in. */
export async function payExact() {
  await userEvent.keyboard('{F9}');
  const payment = await screen.findByRole('dialog', { name: 'Take payment' });
  await userEvent.click(within(payment).getByRole('button', { name: 'Exact' }));
  await userEvent.click(within(payment).getByRole('button', { name: 'Complete sale' }));
  return payment;
}

/** A gift card as the lookup answers it: `balance` left of what was loaded, never expiring unless said. */
export function giftCardOf(code: string, balance: number, overrides: Partial<GiftCard> = {}): GiftCard {
  return {
    id: 40, code, loaded: Math.max(balance, 5000), balance, status: balance > 0 ? 'active' : 'used', expiresAt: null, outletId: 1, outletName: 'Main store',
    orderId: 7, orderNumber: 'MAIN-000007', createdAt: '2026-01-01T10:00:00.000Z', updatedAt: '2026-01-01T10:00:00.000Z', ...overrides,
  };
}

/** GET /api/gift-cards/lookup answered from `cards` (an unknown code: 404, as the server says it); the codes asked for. */
export function answerGiftCards(cards: GiftCard[]) {
  const asked: string[] = [];
  server.use(
    rest.get('/api/gift-cards/lookup', ({ request }) => {
      const code = new URL(request.url).searchParams.get('code') ?? '';
      asked.push(code);
      const card = cards.find((c) => c.code === code);
      return card ? HttpResponse.json({ data: card }) : HttpResponse.json({ message: 'No gift card has this code.' }, { status: 404 });
    }),
  );
  return asked;
}
