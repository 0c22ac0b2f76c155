import { totalMismatchMessage, type ExchangeInput, type GiftCardPaymentInput, type Order, type PaymentInput } from '@tillbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorOf, unreachableMessage } from '../../lib/api-error.ts';
import { useApproval } from '../../lib/approvals.tsx';
import { shopSettingsQuery } from '../../lib/shop-settings.ts';
import { giftCardLookupPrefix, pointsQueryPrefix, useCreateOrder } from './api.ts';
import { saleInputOf, type CartState } from './cart.ts';
import { giftCardBodyOf, giftCardRefusalsOf } from './checkout-gift-cards.ts';
import { giftCardPayOfflineMessage, giftCardSellOfflineMessage } from './gift-card-lookup.ts';

type CheckoutOptions = {
  registerId: number;
  /** Whether this tab still sells on the register (another tab may have taken it over). */
  holdsRegister: () => boolean;
  /** 409: another sale holds this sale's uuid; the cart takes a new one. */
  onSaleIdTaken: () => void;
  /** Prices on the server differ from the catalogue copy: fetch the changes. */
  onPricesChanged: () => void;
  onCompleted: (order: Order) => void;
  /** The server refused gift cards the sale sells (by code; empty: none): their lines say why. */
  onGiftCardsRefused?: (refusals: Record<string, string>) => void;
};

/** Why the server refused the sale, in the cashier's words. */
function refusalOf(error: unknown): { message: string; isTotalMismatch: boolean; isSaleIdTaken: boolean; isRedemption: boolean } {
  const refusal = { isTotalMismatch: false, isSaleIdTaken: false, isRedemption: false };
  const { status, message, fieldErrors } = apiErrorOf(error);
  if (status === null && message === unreachableMessage) {
    return { ...refusal, message: 'The server cannot be reached. The sale is kept: take the payment again to retry (it will not be charged twice).' };
  }
  if (status === 409) return { ...refusal, message: saleIdTakenMessage, isSaleIdTaken: true };
  if ('total' in fieldErrors) return { ...refusal, message: fieldErrors.total || totalMismatchMessage, isTotalMismatch: true };
  // The points moved since they were read (another till spent them, a reward ended): said as the server says it.
  const redemption = fieldErrors['redemption.points'] ?? fieldErrors['redemption.rewardId'] ?? fieldErrors.redemption ?? fieldErrors.storeCredit;
  if (redemption) return { ...refusal, message: redemption, isRedemption: true };
  const first = Object.values(fieldErrors)[0];
  return { ...refusal, message: first || message };
}

export const saleIdTakenMessage =
  'This sale was not stored: a different sale already has its id (sold earlier from this cart, or from this register in another tab). Check the last orders before you take the payment again; the sale now has a new id.';
export const exchangeOfflineMessage = 'An exchange needs the server, which cannot be reached: the sale is kept. Try again when the connection is back, or cancel the exchange and sell it alone.';
export const registerTakenMessage = 'This register is now selling in another tab: this sale was not sent.';

/**
 * Sends the paid sale with the cart's uuid. The uuid stays the same until the sale is stored, so a
 * retry after a lost answer returns the first order instead of making a second one; a 409 says a
 * different sale holds the uuid, and the cart takes a new one.
 */
export function useCheckout({ registerId, holdsRegister, onSaleIdTaken, onPricesChanged, onCompleted, onGiftCardsRefused }: CheckoutOptions) {
  const create = useCreateOrder();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // The server's refusals of gift cards paying, by code: the payment dialog shows each on its card.
  const [giftCardRefusals, setGiftCardRefusals] = useState<Record<string, string>>({});
  // Discounts or prices beyond a cashier's rights: a manager approves, and the same sale (same uuid) goes again.
  const approval = useApproval();

  /**
   * `points`, `storeCredit` and `giftCards` (cards paying): offered as tenders; the payments cover
   * what is left of the total, plus the gift cards the sale sells (contract drawerDue). `exchange`:
   * goods of an earlier sale coming back, which pay first what the payments would.
   */
  function complete(state: CartState, total: number, payments: PaymentInput[], points = 0, storeCredit = 0, giftCards: GiftCardPaymentInput[] = [], exchange: ExchangeInput | null = null) {
    if (!holdsRegister()) return setError(registerTakenMessage);
    // The returned sale's refund is the server's to make: an exchange waits for the connection.
    if (!navigator.onLine && exchange) return setError(exchangeOfflineMessage);
    // Only the server knows a card's balance: no gift card is sold or spent offline.
    if (!navigator.onLine && (giftCards.length > 0 || state.giftCards.length > 0)) return setError(giftCards.length > 0 ? giftCardPayOfflineMessage : giftCardSellOfflineMessage);
    setError(null);
    setGiftCardRefusals({});
    const sale = {
      ...saleInputOf(state, points),
      uuid: state.uuid,
      registerId,
      payments,
      total,
      ...(storeCredit > 0 && { storeCredit }),
      ...giftCardBodyOf(state.giftCards, giftCards),
      ...(exchange && { exchange }),
    };
    const succeed = (order: Order) => {
      // The customer's balance moved: the next sale reads it again.
      if (state.customer) void client.invalidateQueries({ queryKey: pointsQueryPrefix });
      onCompleted(order);
    };
    const fail = (failure: unknown) => {
      const refusal = refusalOf(failure);
      if (refusal.isTotalMismatch) {
        onPricesChanged();
        // The shop's tax rounding may have changed as well: read the settings again.
        void client.invalidateQueries({ queryKey: shopSettingsQuery.queryKey });
      }
      if (refusal.isSaleIdTaken) onSaleIdTaken();
      if (refusal.isRedemption) void client.invalidateQueries({ queryKey: pointsQueryPrefix });
      const cards = giftCardRefusalsOf(apiErrorOf(failure).fieldErrors, state.giftCards, giftCards);
      onGiftCardsRefused?.(cards.sold);
      setGiftCardRefusals(cards.paying);
      // A card's balance moved (another till spent it, it expired): the dialog reads the cards again.
      if (Object.keys(cards.paying).length > 0) void client.invalidateQueries({ queryKey: giftCardLookupPrefix });
      setError(cards.message ?? refusal.message);
    };
    create.mutate(sale, {
      onSuccess: succeed,
      onError: (failure) => {
        if (approval.handles(failure, (given) => create.mutateAsync({ ...sale, approval: given }).then(succeed), fail)) return;
        fail(failure);
      },
    });
  }

  function clearError() {
    setError(null);
    setGiftCardRefusals({});
  }

  return { complete, isSubmitting: create.isPending, error, giftCardRefusals, clearError, approvalDialog: approval.dialog };
}
