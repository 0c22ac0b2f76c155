import type { Reward } from '@tillbook/contract';
import { Button } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { couponOrRewardMessage, isOrderReward, type CartReward } from './cart.ts';
import { usePointsFormat } from './points-format.ts';
import type { SaleLoyaltyState } from './use-sale-loyalty.ts';

type LoyaltyPanelProps = {
  loyalty: SaleLoyaltyState;
  /** The reward on the sale, if one was taken. */
  taken: CartReward | null;
  hasCoupon: boolean;
  isChecking: boolean;
  /** Why a reward could not be taken, or what the engine finds wrong with the one taken. */
  refusal: string | null;
  onTake: (reward: Reward) => void;
};

/**
 * The customer's points on the sale: the balance and what it is worth, the rewards it reaches
 * today with a button each (one reward per sale), and how far the next one is. Nothing at all
 * while the shop runs no loyalty.
 */
export function LoyaltyPanel({ loyalty, taken, hasCoupon, isChecking, refusal, onTake }: LoyaltyPanelProps) {
  const money = useMoney();
  const format = usePointsFormat();
  const { summary, rules } = loyalty;
  if (loyalty.isError) {
    return (
      <div role="alert" className="flex items-center gap-2 border-b border-gray-200 px-3 py-2 text-xs text-red-700">
        The customer’s points could not be loaded.
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={loyalty.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (loyalty.isLoading) {
    return (
      <p role="status" className="border-b border-gray-200 px-3 py-2 text-xs text-gray-500">
        Loading the customer’s points…
      </p>
    );
  }
  if (!summary || !rules || !loyalty.isOn) return null;
  const isCouponBlocking = hasCoupon && summary.rewards.some(isOrderReward);
  return (
    <section aria-label="Points" className="space-y-1.5 border-b border-gray-200 bg-indigo-50/40 px-3 py-2 text-sm">
      <p>
        <span className="font-semibold text-gray-900 tabular-nums">{format.points(summary.balance)}</span>
        {rules.redemption.enabled && summary.value > 0 && <span className="text-gray-600"> · worth {money.format(summary.value)}</span>}
      </p>
      {summary.refusal && <p className="text-xs text-gray-600">{summary.refusal}</p>}
      {summary.rewards.length > 0 && (
        <ul aria-label="Rewards within reach" className="max-h-28 space-y-1 overflow-auto">
          {summary.rewards.map((reward) => {
            const isTaken = taken?.id === reward.id;
            const isBlocked = isOrderReward(reward) && hasCoupon;
            return (
              <li key={reward.id} className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-gray-900">{reward.name}</span>
                <span className="shrink-0 text-xs text-gray-600 tabular-nums">{format.points(reward.points)}</span>
                {isTaken ? (
                  <span className="shrink-0 rounded-full bg-green-100 px-2 py-1 text-xs font-semibold text-green-800">On the sale</span>
                ) : (
                  <Button
                    variant="secondary"
                    className="shrink-0 px-2 py-1 text-xs"
                    aria-label={`Take ${reward.name}`}
                    disabled={taken !== null || isBlocked || isChecking}
                    onClick={() => onTake(reward)}
                  >
                    Take
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {taken === null && summary.rewards.length > 0 && <p className="text-xs text-gray-500">One reward per sale.</p>}
      {isCouponBlocking && taken === null && <p className="text-xs text-amber-700">{couponOrRewardMessage} Remove the coupon to take an amount or percentage off.</p>}
      {summary.next && (
        <p className="text-xs text-gray-600">
          Next reward: {summary.next.reward.name} in {format.points(summary.next.pointsShort)}
        </p>
      )}
      {refusal && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {refusal}
        </p>
      )}
    </section>
  );
}

/** The reward on the sale, as a discount line the cashier can take off again. */
export function RewardChip({ reward, discount, onRemove }: { reward: CartReward; discount: number; onRemove: () => void }) {
  const money = useMoney();
  const format = usePointsFormat();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="inline-flex items-center gap-1 rounded-full bg-green-100 py-1 pr-1 pl-3 font-semibold text-green-800">
        Reward: {reward.name} −{money.format(discount)}
        <button
          type="button"
          aria-label={`Remove reward ${reward.name}`}
          onClick={onRemove}
          className="flex size-7 items-center justify-center rounded-full hover:bg-green-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          ×
        </button>
      </span>
      <span className="text-xs text-gray-600">{format.points(reward.points)}</span>
    </div>
  );
}
