import { useSyncExternalStore } from 'react';
import { apiErrorOf, unreachableMessage } from '../../lib/api-error.ts';

/**
 * Gift cards need the server: only it knows a card's balance (another till may have spent it), so
 * the till neither sells nor takes a card while it is offline (decision 024).
 */
export const giftCardPayOfflineMessage = 'Gift cards need the connection: take another tender or try again when online.';
export const giftCardSellOfflineMessage = 'Gift cards need the connection: sell the card when the till is online again.';

/** The server's words for a code no card has (GET /api/gift-cards/lookup answers 404). */
export const unknownGiftCardMessage = 'No gift card has this code.';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network: false once it says it is offline (a server that does not answer shows when a call fails). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/**
 * Why a lookup found no card, for the code field: no card has the code (404, or a 422 on the code),
 * the server cannot be reached (offline), or another failure in the server's words.
 */
export function lookupFailureOf(error: unknown, offlineMessage: string): { isUnknown: boolean; message: string } {
  const { status, message, fieldErrors } = apiErrorOf(error);
  if (status === null && message === unreachableMessage) return { isUnknown: false, message: offlineMessage };
  if (status === 404) return { isUnknown: true, message: unknownGiftCardMessage };
  if (status === 422) return { isUnknown: false, message: fieldErrors.code ?? message };
  return { isUnknown: false, message };
}
