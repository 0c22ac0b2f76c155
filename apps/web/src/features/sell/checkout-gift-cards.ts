import { formatGiftCardCode, maskGiftCardCode, type GiftCardPaymentInput } from '@tillbook/contract';
import { giftCardsSoldOf, type CartGiftCard } from './cart-gift-cards.ts';

/** The gift cards of the order create body: each list only when the sale has some. */
export function giftCardBodyOf(sold: readonly CartGiftCard[], paying: readonly GiftCardPaymentInput[]) {
  return {
    ...(sold.length > 0 && { giftCards: giftCardsSoldOf(sold) }),
    ...(paying.length > 0 && { giftCardPayments: paying.map(({ code, amount }) => ({ code, amount })) }),
  };
}

export type GiftCardRefusals = {
  /** Cards the sale sells, by code: shown on their line of the sale. */
  sold: Record<string, string>;
  /** Cards paying, by code: shown on their row in the payment dialog. */
  paying: Record<string, string>;
  /** The first of them, naming its card, for the payment dialog's message. */
  message: string | null;
};

/** The server's refusals on `giftCards.N.*` and `giftCardPayments.N.*`, by the code of the card each names. */
export function giftCardRefusalsOf(fieldErrors: Record<string, string>, sold: readonly CartGiftCard[], paying: readonly GiftCardPaymentInput[]): GiftCardRefusals {
  const refusals: GiftCardRefusals = { sold: {}, paying: {}, message: null };
  for (const [field, text] of Object.entries(fieldErrors)) {
    const [list, index] = field.split('.');
    const isSold = list === 'giftCards';
    const card = isSold ? sold[Number(index)] : list === 'giftCardPayments' ? paying[Number(index)] : undefined;
    if (!card) continue;
    (isSold ? refusals.sold : refusals.paying)[card.code] ??= text;
    // A card sold shows its code in full (the customer holds it); a card paying, masked as on the receipt.
    refusals.message ??= isSold ? `Gift card ${formatGiftCardCode(card.code)} on the sale: ${text}` : `Gift card ${maskGiftCardCode(card.code)}: ${text}`;
  }
  return refusals;
}
