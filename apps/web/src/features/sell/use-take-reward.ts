import type { Reward, TaxRounding } from '@tillbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type Dispatch } from 'react';
import { apiErrorOf } from '../../lib/api-error.ts';
import { pointsQueryPrefix, useCheckRedemption } from './api.ts';
import { cartReducer, couponOrRewardMessage, isOrderReward, lineTitleOf, priceCartState, saleInputOf, type CartAction, type CartState, type CustomerLoyalty } from './cart.ts';
import type { LocalCatalogue } from './local-catalogue-types.ts';
import { stockOf, stockRefusalOf } from './stock-label.ts';

type TakeRewardOptions = {
  state: CartState;
  dispatch: Dispatch<CartAction>;
  customer: CustomerLoyalty | null;
  catalogue: LocalCatalogue | null;
  taxRounding: TaxRounding;
  allowNegativeStock: boolean;
};

/** Why the server refused a redemption (422 on redemption.rewardId / redemption.points), or its general message. */
export function redemptionRefusalOf(error: unknown): string {
  const { message, fieldErrors } = apiErrorOf(error);
  return fieldErrors['redemption.rewardId'] ?? fieldErrors['redemption.points'] ?? Object.values(fieldErrors)[0] ?? message;
}

/**
 * Takes a reward for the sale: the engine judges it on the cart as it would be (a free product is
 * added from the register's catalogue when the sale does not hold it), then the server checks it
 * against the balance of this moment (POST /api/rewards/redeem) before it goes on the sale.
 */
export function useTakeReward({ state, dispatch, customer, catalogue, taxRounding, allowNegativeStock }: TakeRewardOptions) {
  const check = useCheckRedemption();
  const client = useQueryClient();
  // A refusal belongs to the sale and customer it was said for: a new sale or customer starts clean.
  const saleKey = `${state.uuid}:${state.customer?.id ?? ''}`;
  const [said, setSaid] = useState<{ saleKey: string; message: string } | null>(null);
  const setRefusal = (message: string | null) => setSaid(message === null ? null : { saleKey, message });

  async function actionFor(reward: Reward): Promise<CartAction | string> {
    if (isOrderReward(reward)) {
      if (state.coupon) return couponOrRewardMessage;
      if (state.lines.length === 0) return 'Add items before taking a reward.';
      return { type: 'takeReward', reward };
    }
    if (reward.variantId === null) return `${reward.name} names no product.`;
    if (state.lines.some((line) => line.item.variantId === reward.variantId)) return { type: 'takeReward', reward };
    if (!catalogue) return 'The product list is still loading: try again in a moment.';
    const found = await catalogue.findByVariant(reward.variantId);
    if (!found) return `The product of ${reward.name} is not sold at this register.`;
    const item = catalogue.saleItemOf(found.product, found.variant);
    const stock = stockOf(found.product, found.variant);
    return stockRefusalOf(lineTitleOf(item), stock, 1, allowNegativeStock) ?? { type: 'takeReward', reward, item, stock };
  }

  async function take(reward: Reward) {
    if (!state.customer || !customer) return;
    setRefusal(null);
    const action = await actionFor(reward);
    if (typeof action === 'string') return setRefusal(action);
    const next = cartReducer(state, action);
    const engineRefusal = priceCartState(next, taxRounding, customer).loyalty?.errors['redemption.rewardId'];
    if (engineRefusal) return setRefusal(engineRefusal);
    check.mutate(
      { ...saleInputOf(next), customerId: state.customer.id, redemption: { rewardId: reward.id, points: 0 } },
      {
        onSuccess: () => dispatch(action),
        onError: (error) => {
          setRefusal(redemptionRefusalOf(error));
          // The balance or the reward may have changed since the points were read.
          void client.invalidateQueries({ queryKey: pointsQueryPrefix });
        },
      },
    );
  }

  return { take: (reward: Reward) => void take(reward), isChecking: check.isPending, refusal: said?.saleKey === saleKey ? said.message : null };
}
