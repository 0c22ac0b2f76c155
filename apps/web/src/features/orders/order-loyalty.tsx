import type { Order } from '@tillbook/contract';
import { useMoney } from '../../lib/shop-settings.ts';

const points = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'point' : 'points'}`;

/** What the sale did with the customer's points: the reward taken, the points paid and earned, the balance it left. */
export function OrderLoyalty({ order }: { order: Order }) {
  const money = useMoney();
  const loyalty = order.loyalty;
  if (!loyalty || (loyalty.pointsEarned === 0 && loyalty.pointsRedeemed === 0)) return null;
  const parts = [
    loyalty.rewardName && `Reward: ${loyalty.rewardName} (${points(loyalty.rewardPoints)}, ${money.format(loyalty.rewardDiscount)} off)`,
    loyalty.pointsPaid > 0 && `Paid with ${points(loyalty.pointsRedeemed - loyalty.rewardPoints)}: ${money.format(loyalty.pointsPaid)}`,
    loyalty.pointsEarned > 0 && `Earned ${points(loyalty.pointsEarned)}`,
    loyalty.balanceAfter !== null && `Balance after the sale: ${points(loyalty.balanceAfter)}`,
  ].filter(Boolean);
  return (
    <ul aria-label="Points" className="mt-1.5 text-sm text-gray-700">
      {parts.map((part) => (
        <li key={String(part)}>{part}</li>
      ))}
    </ul>
  );
}

/** The payments table's row for the part of the sale paid with points (points are not a drawer tender). */
export function PointsPaymentRow({ order, cellClass, moneyClass }: { order: Order; cellClass: string; moneyClass: string }) {
  const money = useMoney();
  const loyalty = order.loyalty;
  if (!loyalty || loyalty.pointsPaid <= 0) return null;
  return (
    <tr>
      <td className={cellClass}>Points</td>
      <td className={moneyClass}>{money.format(loyalty.pointsPaid)}</td>
      <td className={moneyClass}>{points(loyalty.pointsRedeemed - loyalty.rewardPoints)}</td>
      <td className={moneyClass}>—</td>
      <td className={cellClass} />
    </tr>
  );
}
