/**
 * A gift card the sale sells (or loads again: its code is a card already), a line of its own
 * outside the goods' pricing (decision 024). `refusal`: the server's word on it when it refused the
 * sale, shown on the line until the card is taken off.
 */
export type CartGiftCard = { code: string; amount: number; refusal?: string | null };

export type GiftCardAction =
  /** `code`: normalised (contract normalizeGiftCardCode). */
  | { type: 'addGiftCard'; card: { code: string; amount: number } }
  | { type: 'removeGiftCard'; code: string }
  /** The server's refusals of cards sold, by code. */
  | { type: 'refuseGiftCards'; refusals: Record<string, string> };

export function giftCardsReducer(cards: CartGiftCard[], action: GiftCardAction): CartGiftCard[] {
  switch (action.type) {
    case 'addGiftCard':
      // A code is on a sale once (the dialog says so before it gets here).
      if (cards.some((card) => card.code === action.card.code)) return cards;
      return [...cards, { code: action.card.code, amount: action.card.amount }];
    case 'removeGiftCard':
      return cards.filter((card) => card.code !== action.code);
    case 'refuseGiftCards':
      return cards.map((card) => ({ ...card, refusal: action.refusals[card.code] ?? null }));
  }
}

/** The cards as the order create body carries them. */
export function giftCardsSoldOf(cards: readonly CartGiftCard[]): Array<{ code: string; amount: number }> {
  return cards.map(({ code, amount }) => ({ code, amount }));
}
