/**
 * Loyalty as other areas use it (issue 14): the rules and reward a sale is priced with, what the
 * till shows of a customer's points, and the reward admin and expiry for the routes and the job.
 */
import { isRewardAvailable, localToday, pointsValue, type LoyaltyReward, type PointsSummary, type Reward, type SaleLoyalty, type SaleRedemption } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { findRewardForSale, listAvailableRewards } from './catalogue.ts';
import { getRewardSettings } from './settings.ts';

export { getRewardSettings, updateRewardSettings } from './settings.ts';
export { expirePoints } from './expiry.ts';

/** A reward as the engine takes it. */
function toLoyaltyReward(reward: Reward): LoyaltyReward {
  return { id: reward.id, name: reward.name, kind: reward.kind, amount: reward.amount, rateE4: reward.rateE4, variantId: reward.variantId, points: reward.points };
}

/** What the sale's reward is called and how many points it took, as the order keeps them. */
export type SaleRewardRecord = { id: number; name: string; kind: Reward['kind']; points: number } | null;

/**
 * The loyalty a sale is priced with: the shop's rules, the customer's balance and what the sale
 * redeems. Null without a customer. A redemption without a customer, or naming a reward that does
 * not exist, is a 422 on its field; whether the reward can be taken today is the engine's verdict.
 */
export async function loyaltyForSale(
  db: DbOrTx,
  customer: CustomerRow | null,
  redemption: SaleRedemption,
  now: Date = new Date(),
): Promise<{ loyalty: SaleLoyalty | null; reward: SaleRewardRecord }> {
  if (!customer) {
    if (redemption) throw AppError.validation({ customerId: ['Choose the customer whose points the sale redeems.'] });
    return { loyalty: null, reward: null };
  }
  const [rules, reward, timeZone] = await Promise.all([
    getRewardSettings(db),
    redemption?.rewardId ? findRewardForSale(db, redemption.rewardId) : Promise.resolve(undefined),
    redemption?.rewardId ? getShopTimeZone(db) : Promise.resolve(null),
  ]);
  if (redemption?.rewardId && !reward) throw AppError.validation({ 'redemption.rewardId': ['This reward does not exist.'] });
  const available = reward && timeZone ? isRewardAvailable(reward, localToday(timeZone, now)) : false;
  return {
    loyalty: {
      rules,
      balance: customer.pointsBalance,
      reward: reward ? { ...toLoyaltyReward(reward), available } : null,
      points: redemption?.points ?? 0,
    },
    reward: reward ? { id: reward.id, name: reward.name, kind: reward.kind, points: reward.points } : null,
  };
}

/**
 * GET /api/rewards/points?customer=: the balance, what it would pay, and the rewards available today
 * that it reaches (fewest points first), with the nearest one out of reach.
 */
export async function getPointsSummary(db: DbOrTx, customer: Pick<CustomerRow, 'id' | 'pointsBalance' | 'storeCredit'>, now: Date = new Date()): Promise<PointsSummary> {
  const [rules, timeZone] = await Promise.all([getRewardSettings(db), getShopTimeZone(db)]);
  const rewards = await listAvailableRewards(db, localToday(timeZone, now));
  const balance = customer.pointsBalance;
  const { minimumBalance, enabled } = rules.redemption;
  const refusal = balance < minimumBalance ? `At least ${minimumBalance.toLocaleString('en-US')} points are needed to redeem.` : null;
  const within = refusal ? [] : rewards.filter((reward) => reward.points <= balance);
  const beyond = rewards.find((reward) => reward.points > balance);
  return {
    customerId: customer.id,
    balance,
    value: enabled ? pointsValue(balance, rules) : 0,
    refusal,
    rewards: within,
    next: beyond ? { reward: beyond, pointsShort: beyond.points - balance } : null,
    storeCredit: customer.storeCredit,
  };
}
