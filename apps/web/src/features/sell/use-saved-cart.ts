import { useEffect, useReducer } from 'react';
import { cartReducer, emptyCart, isCartBlank, normalizeCart, type CartState } from './cart.ts';

function storageKey(registerId: number): string {
  return `tillbook.sell.cart.${registerId}`;
}

function isCartState(value: unknown): value is CartState {
  const cart = value as Partial<CartState> | null;
  return typeof cart?.uuid === 'string' && Array.isArray(cart.lines);
}

function loadCart(registerId: number): CartState {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(storageKey(registerId)) ?? 'null');
    if (isCartState(saved)) return normalizeCart(saved);
  } catch {
    // Unreadable storage starts an empty sale.
  }
  return emptyCart();
}

/**
 * The sale being rung up, kept in this browser per register: a reload or a trip to another screen
 * brings it back with the same uuid, so a sale whose answer was lost is never made twice. A reward
 * taken comes back with it; points offered as a tender do not (they are chosen again when paying,
 * against the balance of that moment).
 */
export function useSavedCart(registerId: number) {
  const [state, dispatch] = useReducer(cartReducer, registerId, loadCart);
  useEffect(() => {
    try {
      if (isCartBlank(state)) window.localStorage.removeItem(storageKey(registerId));
      else window.localStorage.setItem(storageKey(registerId), JSON.stringify(state));
    } catch {
      // A full or blocked storage only loses the copy, never the sale on screen.
    }
  }, [registerId, state]);
  return [state, dispatch] as const;
}
