/**
 * A sale priced the one way (DESIGN.md §4): the sell screen prices the cart with this as the
 * cashier types, and POST /api/orders/create prices it again with the same code from the database
 * and refuses a different total. Payments are settled here too, so change is worked out once.
 */
import type { Tender } from './cashbox.ts';
import { couponOrderDiscount, evaluateCoupon, type CouponContext, type CouponEvaluation, type CouponRule } from './pricing/coupons.ts';
import { priceCart, priceLine } from './pricing/index.ts';
import { checkPointsPayment, earnedPoints, pointsForAmount, type LoyaltyLine, type LoyaltyReward, type LoyaltyRules } from './pricing/loyalty.ts';
import type { PricedCart, PricingCharge, PricingDiscount, PricingTax, TaxRounding } from './pricing/types.ts';

/** What the price of one variant needs: from the register's catalogue copy, or from the database. */
export type SaleItem = {
  variantId: number;
  productId: number;
  title: string;
  /** "M / Red"; empty for a default variant. */
  variantName: string;
  sku: string;
  unitPrice: number;
  /** In the order the product applies them. */
  taxes: readonly PricingTax[];
  charges: readonly PricingCharge[];
  categoryIds: readonly number[];
};

/**
 * One line of a sale. `unitPrice`, when set, is the price the cashier sells one unit at in place of
 * the catalogue's `item.unitPrice` (a price override): the line's discounts, charges and taxes are
 * all worked out on it.
 */
export type SaleLine = { item: SaleItem; quantity: number; discount: PricingDiscount | null; unitPrice?: number | null };

/** The price one unit of the line sells at: the override when the cashier set one, else the catalogue's. */
export function unitPriceOf(line: Pick<SaleLine, 'item' | 'unitPrice'>): number {
  return line.unitPrice ?? line.item.unitPrice;
}

/** Whether the line sells at a price other than the catalogue's. */
export function isPriceOverridden(line: Pick<SaleLine, 'item' | 'unitPrice'>): boolean {
  return line.unitPrice != null && line.unitPrice !== line.item.unitPrice;
}

export type SaleCoupon = { rule: CouponRule; context: CouponContext };

/** The sale's customer in loyalty terms: the shop's rules, their balance, and what they redeem. */
export type SaleLoyalty = {
  rules: LoyaltyRules;
  balance: number;
  /** The reward taken, with whether it can be taken today (`available`, from isRewardAvailable). */
  reward: (LoyaltyReward & { available: boolean }) | null;
  /** Points offered as a tender. */
  points: number;
};

export type PricedLoyalty = {
  /** What the reward took off (0 without one). */
  rewardDiscount: number;
  /** The money the points tender pays. */
  pointsPaid: number;
  /** Points the sale takes from the balance: the reward's and the tender's. */
  pointsRedeemed: number;
  /** Points the sale earns (after what it redeems). */
  pointsEarned: number;
  /** What the tenders other than points must cover: total − pointsPaid. */
  due: number;
  /** The balance once the sale is stored. */
  balanceAfter: number;
  /** Each problem on the field it belongs to: `redemption.rewardId`, `redemption.points`. */
  errors: Record<string, string>;
  /** The line whose own discount a free-product reward replaced (−1: none). */
  rewardLine: number;
};

export type PricedSale = {
  cart: PricedCart;
  /** The coupon's verdict; when it applies its discount replaces the manual order discount. */
  coupon: CouponEvaluation | null;
  /** Null for a sale without a customer. */
  loyalty: PricedLoyalty | null;
};

const couponAndRewardMessage = 'A sale takes a coupon or a reward, not both: remove the coupon to take this reward.';

/**
 * Prices the lines with either the coupon (when it applies) or the manual order discount: one
 * order discount at a time. The coupon is judged on each line's price after its own discount.
 * `taxRounding` is the shop's setting (per line unless the shop rounds per sale).
 *
 * With a customer (`loyalty`), a reward takes its discount — an amount or percentage off the sale
 * in place of the manual order discount (never beside a coupon), or one unit of its product free —
 * points offered as a tender are checked against the balance and the shop's rules, and the points
 * the sale earns are worked out on what is left to pay in money.
 */
export function priceSale(
  lines: readonly SaleLine[],
  orderDiscount: PricingDiscount | null,
  coupon: SaleCoupon | null,
  taxRounding: TaxRounding = 'line',
  loyalty: SaleLoyalty | null = null,
): PricedSale {
  const errors: Record<string, string> = {};
  const reward = loyalty?.reward ?? null;
  let rewardLine = -1;
  if (reward) {
    if (!reward.available) errors['redemption.rewardId'] = `${reward.name} cannot be taken today.`;
    else if (reward.kind === 'product') {
      rewardLine = lines.findIndex((line) => line.item.variantId === reward.variantId);
      if (rewardLine < 0) errors['redemption.rewardId'] = `Add the product of ${reward.name} to the sale to take this reward.`;
    }
  }
  const inputs = lines.map((line, index) => ({
    unitPrice: unitPriceOf(line),
    quantity: line.quantity,
    taxes: line.item.taxes,
    charges: line.item.charges,
    // A free product: one unit's price off its first line, in place of the line's own discount.
    discount: index === rewardLine ? { kind: 'amount' as const, amount: unitPriceOf(line) } : line.discount,
  }));
  const orderReward = reward && reward.available && reward.kind !== 'product' ? rewardOrderDiscount(reward) : null;
  let evaluation: CouponEvaluation | null = null;
  let discount = orderReward ?? orderDiscount;
  if (coupon) {
    const couponCart = {
      lines: lines.map((line, index) => {
        const priced = priceLine(inputs[index]!);
        return { productId: line.item.productId, categoryIds: line.item.categoryIds, total: priced.gross - priced.discount };
      }),
    };
    evaluation = evaluateCoupon(coupon.rule, couponCart, coupon.context);
    if (evaluation.ok && orderReward) errors['redemption.rewardId'] = couponAndRewardMessage;
    else if (evaluation.ok) discount = couponOrderDiscount(evaluation);
  }
  const cart = priceCart({ lines: inputs, orderDiscount: discount, taxRounding });
  if (!loyalty) return { cart, coupon: evaluation, loyalty: null };
  return { cart, coupon: evaluation, loyalty: priceLoyalty(loyalty, lines, cart, rewardLine, orderReward !== null, errors) };
}

function rewardOrderDiscount(reward: LoyaltyReward): PricingDiscount {
  return reward.kind === 'percentage' ? { kind: 'percentage', rateE4: reward.rateE4 } : { kind: 'amount', amount: reward.amount };
}

function priceLoyalty(
  loyalty: SaleLoyalty,
  lines: readonly SaleLine[],
  cart: PricedCart,
  rewardLine: number,
  isOrderReward: boolean,
  errors: Record<string, string>,
): PricedLoyalty {
  const { rules, balance, reward } = loyalty;
  const loyaltyLines: LoyaltyLine[] = lines.map((line, index) => {
    const priced = cart.lines[index]!;
    return {
      productId: line.item.productId,
      categoryIds: line.item.categoryIds,
      net: priced.net,
      total: priced.total,
      discounted: priced.discount + priced.orderDiscount > 0,
    };
  });
  const rewardPoints = reward ? reward.points : 0;
  if (reward && !errors['redemption.rewardId']) {
    if (balance < Math.max(rewardPoints, rules.redemption.minimumBalance)) {
      errors['redemption.rewardId'] = `${reward.name} needs ${rewardPoints.toLocaleString('en-US')} points; the customer has ${balance.toLocaleString('en-US')}.`;
    }
  }
  let pointsPaid = 0;
  if (loyalty.points > 0) {
    const check = checkPointsPayment(rules, loyaltyLines, cart.total, balance, loyalty.points, rewardPoints);
    if (check.ok) pointsPaid = check.value;
    else errors['redemption.points'] = check.message;
  }
  const rewardDiscount = !reward ? 0 : isOrderReward ? cart.orderDiscountTotal : rewardLine >= 0 ? (cart.lines[rewardLine]?.discount ?? 0) : 0;
  const pointsRedeemed = (reward ? rewardPoints : 0) + (pointsPaid > 0 ? loyalty.points : 0);
  const pointsEarned = earnedPoints(rules, loyaltyLines, pointsPaid, cart.total);
  return {
    rewardDiscount,
    pointsPaid,
    pointsRedeemed,
    pointsEarned,
    due: cart.total - pointsPaid,
    balanceAfter: Math.max(0, balance - pointsRedeemed) + pointsEarned,
    errors,
    rewardLine,
  };
}

/** The points that pay `amount` of a sale (the sell screen's Points tender takes an amount). */
export function pointsToPay(amount: number, rules: LoyaltyRules): number {
  return pointsForAmount(amount, rules);
}

/**
 * The customer's store credit offered as a tender (issue 16), against what is `due` once points paid
 * their part and the customer's `balance`. Store credit is not a drawer tender: the payments then
 * settle `due − amount` (settlePayments), and total = paid − change + points paid + store credit.
 */
export function checkStoreCreditPayment(
  amount: number,
  due: number,
  balance: number,
  formatMoney: (minor: number) => string,
): { ok: true } | { ok: false; message: string } {
  if (amount <= 0) return { ok: true };
  if (amount > balance) return { ok: false, message: `The customer’s store credit is ${formatMoney(balance)}.` };
  if (amount > due) return { ok: false, message: `Store credit may pay at most ${formatMoney(Math.max(0, due))} of this sale.` };
  return { ok: true };
}

export type PaymentTendered = { tender: Tender; amount: number; reference?: string | null };
export type SettledPayment = { tender: Tender; amount: number; tendered: number; change: number; reference: string | null };

export type Settlement =
  | { ok: true; paid: number; change: number; payments: SettledPayment[] }
  | { ok: false; paid: number; due: number; message: string };

/**
 * Settles what was handed over against the total. The sale completes only when fully paid;
 * change comes only out of cash (a card is never charged more than is due), taken from the last
 * cash payment first. `formatMoney` words the messages in the shop's currency.
 */
export function settlePayments(total: number, payments: readonly PaymentTendered[], formatMoney: (minor: number) => string): Settlement {
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  if (paid < total) {
    return { ok: false, paid, due: total - paid, message: `The sale is not fully paid: ${formatMoney(total - paid)} is still due.` };
  }
  let change = paid - total;
  const cash = payments.reduce((sum, p) => sum + (p.tender === 'cash' ? p.amount : 0), 0);
  if (change > cash) {
    return {
      ok: false,
      paid,
      due: 0,
      message: `Card and other payments may not exceed what is due: ${formatMoney(change - cash)} too much was entered.`,
    };
  }
  const settled: SettledPayment[] = payments.map((p) => ({ tender: p.tender, amount: p.amount, tendered: p.amount, change: 0, reference: p.reference ?? null }));
  const totalChange = change;
  for (let index = settled.length - 1; index >= 0 && change > 0; index -= 1) {
    const payment = settled[index]!;
    if (payment.tender !== 'cash') continue;
    const given = Math.min(change, payment.tendered);
    payment.change = given;
    payment.amount = payment.tendered - given;
    change -= given;
  }
  return { ok: true, paid, change: totalChange, payments: settled };
}

/**
 * MAIN-000123: the outlet's code and its sale number, padded to six digits. The server writes the
 * same in SQL, inside the statement that takes the number (apps/server/src/modules/orders/create.ts).
 */
export function formatOrderNumber(outletCode: string, sequence: number): string {
  return `${outletCode}-${String(sequence).padStart(6, '0')}`;
}
