import { defaultShopSettings, type GiftCard, type GiftCardDetail, type GiftCardEntry } from '@tillbook/contract';
import { HttpResponse, rest } from '../../testing/server.ts';

export function buildGiftCard(overrides: Partial<GiftCard> = {}): GiftCard {
  return {
    id: 5,
    code: '6100000000000001',
    loaded: 5000,
    balance: 2000,
    status: 'active',
    expiresAt: null,
    outletId: 1,
    outletName: 'Main store',
    orderId: 42,
    orderNumber: 'MAIN-000042',
    createdAt: '2026-05-02T10:00:00.000Z',
    updatedAt: '2026-05-03T15:30:00.000Z',
    ...overrides,
  };
}

export function buildEntry(overrides: Partial<GiftCardEntry> = {}): GiftCardEntry {
  return {
    id: 1,
    kind: 'sold',
    delta: 5000,
    balanceAfter: 5000,
    orderId: 42,
    orderNumber: 'MAIN-000042',
    refundId: null,
    outletName: 'Main store',
    userName: 'Carl Cash',
    reason: null,
    createdAt: '2026-05-02T10:00:00.000Z',
    ...overrides,
  };
}

export function buildDetail(overrides: Partial<GiftCardDetail> = {}): GiftCardDetail {
  return {
    ...buildGiftCard(),
    entries: [
      buildEntry({ id: 2, kind: 'spent', delta: -3000, balanceAfter: 2000, orderId: 43, orderNumber: 'HRB-000007', outletName: 'Harbour Road', userName: 'Ada Lovelace' }),
      buildEntry(),
    ],
    ...overrides,
  };
}

/** The shop's settings the screens read (money and dates). */
export const settingsHandler = rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, timeZone: 'America/New_York' } }));
