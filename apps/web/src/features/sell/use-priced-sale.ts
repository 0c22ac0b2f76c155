import { useMemo, type Dispatch } from 'react';
import { useShopSettings } from '../../lib/shop-settings.ts';
import { priceCartState, type CartAction, type CartState } from './cart.ts';
import type { LocalCatalogue } from './local-catalogue-types.ts';
import { usePointsTender } from './use-points-tender.ts';
import { useSaleLoyalty } from './use-sale-loyalty.ts';
import { useStoreCreditTender } from './use-store-credit-tender.ts';
import { useTakeReward } from './use-take-reward.ts';

/**
 * The sale priced as the server will price it: the shop's tax rounding, and the customer's
 * loyalty once their points are in (the reward taken, the Points tender for the payment dialog).
 */
export function usePricedSale(state: CartState, dispatch: Dispatch<CartAction>, catalogue: LocalCatalogue | null) {
  const { taxRounding, allowNegativeStock } = useShopSettings();
  const loyalty = useSaleLoyalty(state.customer?.id ?? null);
  const priced = useMemo(() => priceCartState(state, taxRounding, loyalty.customer), [state, taxRounding, loyalty.customer]);
  const rewards = useTakeReward({ state, dispatch, customer: loyalty.customer, catalogue, taxRounding, allowNegativeStock });
  const pointsTender = usePointsTender(state, priced, loyalty.customer, taxRounding);
  const storeCreditTender = useStoreCreditTender(state.customer?.id ?? null, loyalty.summary);
  return {
    loyalty,
    priced,
    rewards,
    pointsTender,
    storeCreditTender,
    /** Another state of this sale priced the same way (a quantity asked about). */
    priceOf: (next: CartState) => priceCartState(next, taxRounding, loyalty.customer),
  };
}
