import { pointsRoom, type PointsRoom, type PricedSale, type TaxRounding } from '@tillbook/contract';
import { useMemo } from 'react';
import { priceCartState, type CartState, type CustomerLoyalty } from './cart.ts';
import type { PointsTender } from './points-tender.tsx';

/**
 * How much of the priced sale points may pay, worked out on the lines as the engine sees them
 * (sale.ts priceLoyalty): the Points tender's "Max".
 */
export function pointsRoomOf(state: CartState, priced: PricedSale, customer: CustomerLoyalty): PointsRoom {
  const lines = state.lines.map((line, index) => {
    const figures = priced.cart.lines[index];
    return {
      productId: line.item.productId,
      categoryIds: line.item.categoryIds,
      net: figures?.net ?? 0,
      total: figures?.total ?? 0,
      discounted: (figures?.discount ?? 0) + (figures?.orderDiscount ?? 0) > 0,
    };
  });
  return pointsRoom(customer.rules, lines, priced.cart.total, customer.balance, state.reward?.points ?? 0);
}

/**
 * The Points tender of a sale: offered when its customer has points and the shop lets points pay;
 * each amount is judged by the engine on this very sale.
 */
export function pointsTenderOf(state: CartState, priced: PricedSale, customer: CustomerLoyalty | null, taxRounding: TaxRounding): PointsTender | null {
  if (!state.customer || !customer || customer.balance <= 0 || !customer.rules.redemption.enabled) return null;
  return {
    rules: customer.rules,
    balance: customer.balance,
    room: pointsRoomOf(state, priced, customer),
    check: (points: number) => {
      const loyalty = priceCartState(state, taxRounding, customer, points).loyalty;
      return { paid: loyalty?.pointsPaid ?? 0, message: loyalty?.errors['redemption.points'] ?? null };
    },
  };
}

export function usePointsTender(state: CartState, priced: PricedSale, customer: CustomerLoyalty | null, taxRounding: TaxRounding): PointsTender | null {
  return useMemo(() => pointsTenderOf(state, priced, customer, taxRounding), [state, priced, customer, taxRounding]);
}
