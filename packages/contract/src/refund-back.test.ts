import { describe, expect, it } from 'vitest';
import { defaultRefundBack, giftCardRoomOf, splitOntoGiftCards } from './refund-back.ts';

const tenders = [{ tender: 'cash' as const, available: 2500 }, { tender: 'card' as const, available: 1000 }];

describe('defaultRefundBack', () => {
  it('gives back by the tenders in order, then onto gift cards, then as store credit, each up to its room', () => {
    const room = { tenders, tendersTotal: 3500, giftCard: 1000, storeCredit: 500 };
    expect(defaultRefundBack(3000, room)).toEqual({ payments: [{ tender: 'cash', amount: 2500 }, { tender: 'card', amount: 500 }], giftCard: 0, storeCredit: 0 });
    expect(defaultRefundBack(4800, room)).toEqual({ payments: [{ tender: 'cash', amount: 2500 }, { tender: 'card', amount: 1000 }], giftCard: 1000, storeCredit: 300 });
  });

  it('never gives back by the tenders the money they took for gift cards sold', () => {
    // 25.00 cash took for a card sold; the goods were paid 10.00 by card and 30.00 with a gift card.
    expect(defaultRefundBack(4000, { tenders, tendersTotal: 1000, giftCard: 3000, storeCredit: 0 })).toEqual({ payments: [{ tender: 'cash', amount: 1000 }], giftCard: 3000, storeCredit: 0 });
  });

  it('keeps the parts given and fills the others with what is left', () => {
    const room = { tenders, tendersTotal: 3500, giftCard: 1000, storeCredit: 500 };
    expect(defaultRefundBack(3000, room, { giftCard: 1000 })).toEqual({ payments: [{ tender: 'cash', amount: 2000 }], giftCard: 1000, storeCredit: 0 });
    expect(defaultRefundBack(3000, room, { storeCredit: 3000 })).toEqual({ payments: [], giftCard: 0, storeCredit: 3000 });
  });
});

describe('gift cards of a sale', () => {
  const cards = [{ code: 'A', amount: 500 }, { code: 'B', amount: 1000 }];
  it('fills the cards again in the order they were spent', () => {
    expect(splitOntoGiftCards(800, [{ code: 'A', available: 500 }, { code: 'B', available: 1000 }])).toEqual([
      { code: 'A', available: 500, amount: 500 },
      { code: 'B', available: 1000, amount: 300 },
    ]);
    expect(splitOntoGiftCards(0, [{ code: 'A', available: 500 }])).toEqual([]);
  });

  it('works out what each card can still take from what refunds put back in all', () => {
    expect(giftCardRoomOf(cards, 700).map((c) => c.available)).toEqual([0, 800]);
    expect(giftCardRoomOf(cards, 0).map((c) => c.available)).toEqual([500, 1000]);
  });
});
