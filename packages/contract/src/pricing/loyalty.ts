/**
 * Loyalty points (issue 14, DESIGN.md §4): what a sale earns, what points are worth, how many may
 * pay for a sale, and what a reward takes off. Pure like the rest of the engine, so the sell screen
 * and POST /api/orders/create answer the same.
 *
 * - Earning is on the goods the customer actually paid for: each eligible line's `net` (after
 *   every discount, without tax), less the share of the sale paid with points, rounded down.
 * - A point's value is `redeemAmount` minor units per `redeemPoints` points; a value is always
 *   rounded down, so points never pay more than they are worth.
 * - Points may pay at most `maxShareE4` of the sale (of its undiscounted lines only when
 *   `payDiscountedItems` is off), and never more than is due.
 */

/** The shop's rules, as GET /api/settings/rewards answers them (contract rewards.ts). */
export type LoyaltyRules = {
  earning: {
    enabled: boolean;
    /** `points` points for every `perAmount` minor units: 1 point per 1.00 → { points: 1, perAmount: 100 }. */
    points: number;
    perAmount: number;
    excludedCategoryIds: readonly number[];
    excludedProductIds: readonly number[];
    /** The goods of the sale (after discounts, without tax) must come to at least this; null: no minimum. */
    minimumOrder: number | null;
  };
  redemption: {
    enabled: boolean;
    /** `points` points are worth `value` minor units: 100 points = 1.00 → { points: 100, value: 100 }. */
    points: number;
    value: number;
    /** A customer needs at least this balance to redeem anything. */
    minimumBalance: number;
    /** The largest share of a sale points may pay: 50 % → 500 000; 100 % → 1 000 000. */
    maxShareE4: number;
    /** Points may pay for lines that carry a discount (line, order, coupon or reward). */
    payDiscountedItems: boolean;
  };
  expiry: {
    /** Points expire this many months after they were earned, oldest first; null: never. */
    months: number | null;
  };
};

/** A sold line as loyalty sees it: what it is and what the engine made of it. */
export type LoyaltyLine = {
  productId: number;
  categoryIds: readonly number[];
  /** The goods after every discount, without tax (PricedLine.net). */
  net: number;
  /** What the customer pays for the line, taxes and charges included (PricedLine.total). */
  total: number;
  /** Any discount on the line (its own, its share of the order's, a reward's). */
  discounted: boolean;
};

const E4_WHOLE = 1_000_000;

function mulDivFloor(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

function mulDivCeil(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n + d - 1n) / d);
}

/** What `points` points are worth in minor units (rounded down). */
export function pointsValue(points: number, rules: LoyaltyRules): number {
  const { points: per, value } = rules.redemption;
  if (points <= 0 || per <= 0) return 0;
  return mulDivFloor(points, value, per);
}

/** The fewest points that pay `amount` minor units (their value may exceed it by less than one point's worth). */
export function pointsForAmount(amount: number, rules: LoyaltyRules): number {
  const { points: per, value } = rules.redemption;
  if (amount <= 0 || value <= 0) return 0;
  return mulDivCeil(amount, per, value);
}

function isExcluded(line: Pick<LoyaltyLine, 'productId' | 'categoryIds'>, rules: LoyaltyRules): boolean {
  const { excludedCategoryIds, excludedProductIds } = rules.earning;
  return excludedProductIds.includes(line.productId) || line.categoryIds.some((id) => excludedCategoryIds.includes(id));
}

/** The sale's goods after discounts, without tax: what the minimum order is measured on. */
export function goodsNet(lines: readonly LoyaltyLine[]): number {
  return lines.reduce((sum, line) => sum + line.net, 0);
}

/**
 * Points a completed sale earns: the eligible lines' net, less the share of the sale paid with
 * points (`pointsPaid` of `total`), times the earn rate, rounded down. Nothing when earning is off
 * or the goods come to less than the minimum order.
 */
export function earnedPoints(rules: LoyaltyRules, lines: readonly LoyaltyLine[], pointsPaid: number, total: number): number {
  const { enabled, points, perAmount, minimumOrder } = rules.earning;
  if (!enabled || points <= 0 || perAmount <= 0) return 0;
  if (minimumOrder !== null && goodsNet(lines) < minimumOrder) return 0;
  const eligible = lines.reduce((sum, line) => sum + (isExcluded(line, rules) ? 0 : Math.max(0, line.net)), 0);
  if (eligible <= 0) return 0;
  const paidInMoney = total > 0 ? mulDivFloor(eligible, Math.max(0, total - Math.max(0, pointsPaid)), total) : 0;
  return mulDivFloor(paidInMoney, points, perAmount);
}

export type PointsRoom = {
  /** The most points may pay for this sale, in minor units. */
  maxAmount: number;
  /** The points that pay `maxAmount`, within the balance left after the reward. */
  maxPoints: number;
  /** Why nothing can be paid with points, when that is so. */
  refusal: string | null;
};

/**
 * How much of a sale points may pay: the share allowed of the lines points may pay for, no more
 * than is due, and no more than the balance (less a reward's points) is worth.
 */
export function pointsRoom(rules: LoyaltyRules, lines: readonly LoyaltyLine[], total: number, balance: number, rewardPoints = 0): PointsRoom {
  const { enabled, minimumBalance, maxShareE4, payDiscountedItems } = rules.redemption;
  const none = (refusal: string): PointsRoom => ({ maxAmount: 0, maxPoints: 0, refusal });
  if (!enabled) return none('Points cannot pay for sales in this shop.');
  if (balance < Math.max(1, minimumBalance)) return none(`At least ${minimumBalance.toLocaleString('en-US')} points are needed to pay with points.`);
  const payable = lines.reduce((sum, line) => sum + (payDiscountedItems || !line.discounted ? line.total : 0), 0);
  const byShare = Math.min(total, mulDivFloor(Math.min(payable, total), maxShareE4, E4_WHOLE));
  const left = Math.max(0, balance - rewardPoints);
  // The most whole points whose value stays within the share: Max never pays more than allowed.
  const maxPoints = Math.max(0, Math.min(left, mulDivFloor(byShare, rules.redemption.points, rules.redemption.value)));
  const maxAmount = pointsValue(maxPoints, rules);
  if (maxAmount <= 0) return none(payable <= 0 ? 'Points cannot pay for discounted items.' : 'Not enough points to pay any of this sale.');
  return { maxAmount, maxPoints, refusal: null };
}

/**
 * Checks points offered as a tender: `points` must be a whole positive number within the balance
 * and the room, and the value they pay is returned. A message says what is wrong otherwise.
 */
export function checkPointsPayment(
  rules: LoyaltyRules,
  lines: readonly LoyaltyLine[],
  total: number,
  balance: number,
  points: number,
  rewardPoints = 0,
): { ok: true; value: number } | { ok: false; message: string } {
  if (points <= 0) return { ok: true, value: 0 };
  const room = pointsRoom(rules, lines, total, balance, rewardPoints);
  if (room.refusal) return { ok: false, message: room.refusal };
  if (points + rewardPoints > balance) {
    const has = `The customer has ${balance.toLocaleString('en-US')} points`;
    return { ok: false, message: rewardPoints > 0 ? `${has}: after the reward’s ${rewardPoints.toLocaleString('en-US')}, at most ${Math.max(0, balance - rewardPoints).toLocaleString('en-US')} can pay.` : `${has}.` };
  }
  const value = pointsValue(points, rules);
  if (value > room.maxAmount) return { ok: false, message: `Points may pay at most ${room.maxPoints.toLocaleString('en-US')} points’ worth of this sale.` };
  if (value <= 0) return { ok: false, message: 'These points are worth nothing: use more of them.' };
  return { ok: true, value };
}

/** A reward as the engine needs it (contract rewards.ts `Reward`). */
export type LoyaltyReward = {
  id: number;
  name: string;
  kind: 'amount' | 'percentage' | 'product';
  /** Minor units off the sale, for `amount`. */
  amount: number;
  /** 10 % → 100 000, for `percentage`. */
  rateE4: number;
  /** The variant given free (one unit), for `product`. */
  variantId: number | null;
  points: number;
};

/** Whether a reward can be taken now: active, inside its dates (ISO dates, both days included in the shop's day). */
export function isRewardAvailable(
  reward: { active: boolean; archived: boolean; startsOn: string | null; endsOn: string | null },
  today: string,
): boolean {
  if (!reward.active || reward.archived) return false;
  if (reward.startsOn !== null && today < reward.startsOn) return false;
  if (reward.endsOn !== null && today > reward.endsOn) return false;
  return true;
}
