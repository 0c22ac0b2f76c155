import {
  couponOrderDiscount,
  ORDER_MAX_QUANTITY,
  priceSale,
  type AppliedCoupon,
  type LoyaltyReward,
  type LoyaltyRules,
  type PricedSale,
  type PricingDiscount,
  type SaleInput,
  type SaleItem,
  type SaleLoyalty,
  type TaxRounding,
} from '@tillbook/contract';
import { newUuid } from '../../lib/uuid.ts';
import { giftCardsReducer, type CartGiftCard, type GiftCardAction } from './cart-gift-cards.ts';

/** One line of the sale; `key` is the variant's, so adding it again raises the quantity. */
export type CartLine = {
  key: string;
  item: SaleItem;
  quantity: number;
  discount: PricingDiscount | null;
  /** Units at this outlet when the line was added; null when the product does not track stock. */
  stock: number | null;
  /** A price the cashier set for one unit in place of the catalogue's (absent: the catalogue's). */
  unitPrice?: number | null;
};

export type CartCustomer = { id: number; name: string; email: string | null; pointsBalance: number };

/**
 * A coupon as the server judged it. Its lines are kept by key (not index) so removing another line
 * cannot move the discount; `isStale` asks for a fresh verdict after the cart changed.
 */
export type CartCoupon = { applied: AppliedCoupon; lineKeys: string[]; isStale: boolean };

/**
 * A reward the customer takes for points: one per sale. `addedLineKey`: the line taking it put on
 * the sale (its free product was not there yet); removing the reward takes that line off again
 * while it is still the one unit the reward added.
 */
export type CartReward = LoyaltyReward & { addedLineKey: string | null };

/** Whether a reward takes its discount off the whole sale (an amount or a percentage), not off a line. */
export function isOrderReward(reward: Pick<LoyaltyReward, 'kind'> | null): boolean {
  return reward !== null && reward.kind !== 'product';
}

export const couponOrRewardMessage = 'A sale takes a coupon or a reward, not both.';

/** The sale's customer as loyalty prices it: the shop's rules and their balance (GET /api/rewards/points). */
export type CustomerLoyalty = { rules: LoyaltyRules; balance: number };

/**
 * The sale being rung up. The reward is part of it (kept by a held sale and the saved cart, and
 * priced again with the balance of the moment on resume); points offered as a tender are not:
 * they are a payment, chosen in the payment dialog like cash, so a held or reloaded sale never
 * carries points the balance may no longer hold.
 */
export type CartState = {
  /**
   * Made when the sale starts and kept across retries: a retried create never doubles a sale. A
   * completed sale hands over to a new cart with a new uuid at once (decision 011).
   */
  uuid: string;
  lines: CartLine[];
  orderDiscount: PricingDiscount | null;
  coupon: CartCoupon | null;
  customer: CartCustomer | null;
  reward: CartReward | null;
  /** Gift cards the sale sells: lines of their own, outside the goods' pricing and total. */
  giftCards: CartGiftCard[];
};

export type CartAction =
  | { type: 'add'; item: SaleItem; stock: number | null; quantity?: number }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'setLineDiscount'; key: string; discount: PricingDiscount | null }
  /** A price for one unit of the line; null (or the catalogue's own) sells at the catalogue's again. */
  | { type: 'setLinePrice'; key: string; unitPrice: number | null }
  | { type: 'setOrderDiscount'; discount: PricingDiscount | null }
  /** `askedFor`: the cart's signature when the server was asked; a cart changed since then asks again. */
  | { type: 'applyCoupon'; applied: AppliedCoupon; askedFor: string }
  | { type: 'removeCoupon' }
  | { type: 'setCustomer'; customer: CartCustomer | null }
  /** `item`: the free product, added as a line when the sale does not hold it yet. */
  | { type: 'takeReward'; reward: LoyaltyReward; item?: SaleItem; stock?: number | null }
  | { type: 'removeReward' }
  | { type: 'reprice'; items: readonly SaleItem[] }
  | { type: 'newSale' }
  /** The server refused the uuid (409: another sale has it): the same sale under a new one. */
  | { type: 'renewUuid' }
  | { type: 'resume'; state: CartState }
  | GiftCardAction;

export function lineKeyOf(item: SaleItem): string {
  return `v${item.variantId}`;
}

export function emptyCart(uuid: string = newUuid()): CartState {
  return { uuid, lines: [], orderDiscount: null, coupon: null, customer: null, reward: null, giftCards: [] };
}

/** A cart saved or held before rewards (or gift cards) existed reads as one without them. */
export function normalizeCart(state: CartState): CartState {
  return { ...state, reward: state.reward ?? null, giftCards: state.giftCards ?? [] };
}

function clampQuantity(quantity: number): number {
  return Math.min(ORDER_MAX_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

// Any change to the lines can change what a coupon gives: ask the server again before paying.
function withLines(state: CartState, lines: CartLine[]): CartState {
  return { ...state, lines, coupon: state.coupon ? { ...state.coupon, isStale: true } : null };
}

/** The sale without its reward, and without the line the reward added while it is still that one free unit. */
function withoutReward(state: CartState): CartState {
  const reward = state.reward;
  if (!reward) return state;
  const added = state.lines.find((line) => line.key === reward.addedLineKey);
  const isUntouched = added !== undefined && added.quantity === 1 && added.discount === null && added.unitPrice == null;
  const lines = isUntouched ? state.lines.filter((line) => line !== added) : state.lines;
  // A free product changed the price a coupon was judged on: withLines asks for a fresh verdict.
  return { ...withLines(state, lines), reward: null };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const key = lineKeyOf(action.item);
      const quantity = action.quantity ?? 1;
      const existing = state.lines.find((line) => line.key === key);
      if (existing) {
        return withLines(
          state,
          // The stock as the catalogue copy has it now: later checks of this line go by it.
          state.lines.map((line) => (line.key === key ? { ...line, quantity: clampQuantity(line.quantity + quantity), stock: action.stock } : line)),
        );
      }
      return withLines(state, [...state.lines, { key, item: action.item, quantity: clampQuantity(quantity), discount: null, stock: action.stock }]);
    }
    case 'setQuantity':
      if (!Number.isFinite(action.quantity)) return state;
      if (action.quantity <= 0) return cartReducer(state, { type: 'remove', key: action.key });
      return withLines(state, state.lines.map((line) => (line.key === action.key ? { ...line, quantity: clampQuantity(action.quantity) } : line)));
    case 'remove': {
      // The sale discount, the coupon and a reward off the sale stay when the last line goes: the
      // cashier gave them to the sale, not to a line (the screen keeps showing them; "New sale"
      // clears them). A free product's reward goes with the last line of its product.
      const lines = state.lines.filter((line) => line.key !== action.key);
      const reward = state.reward;
      const isRewardGone = reward?.kind === 'product' && !lines.some((line) => line.item.variantId === reward.variantId);
      return { ...withLines(state, lines), reward: isRewardGone ? null : reward };
    }
    case 'setLineDiscount':
      return withLines(state, state.lines.map((line) => (line.key === action.key ? { ...line, discount: action.discount } : line)));
    case 'setLinePrice':
      return withLines(
        state,
        state.lines.map((line) => (line.key === action.key ? { ...line, unitPrice: action.unitPrice === line.item.unitPrice ? null : action.unitPrice } : line)),
      );
    case 'setOrderDiscount':
      return { ...state, orderDiscount: action.discount };
    case 'applyCoupon': {
      const isCurrent = action.askedFor === couponSignatureOf(state);
      return {
        ...state,
        coupon: {
          applied: action.applied,
          lineKeys: isCurrent ? action.applied.lineIndexes.map((index) => state.lines[index]?.key).filter((key): key is string => key !== undefined) : (state.coupon?.lineKeys ?? []),
          isStale: !isCurrent,
        },
      };
    }
    case 'removeCoupon':
      return { ...state, coupon: null };
    case 'setCustomer': {
      // A reward is paid with the customer's points: another customer (or none) does not keep it.
      const next = action.customer?.id === state.customer?.id ? state : withoutReward(state);
      // Per-customer coupon limits depend on who buys.
      return { ...next, customer: action.customer, coupon: next.coupon ? { ...next.coupon, isStale: true } : null };
    }
    case 'takeReward': {
      // One reward per sale, and one order discount at a time: never an amount or percentage beside a coupon.
      if (!state.customer || (isOrderReward(action.reward) && state.coupon)) return state;
      const base = withoutReward(state);
      const { id, name, kind, amount, rateE4, variantId, points } = action.reward;
      const reward = { id, name, kind, amount, rateE4, variantId, points };
      const item = action.item;
      if (kind !== 'product' || !item || base.lines.some((line) => line.item.variantId === item.variantId)) {
        return { ...withLines(base, base.lines), reward: { ...reward, addedLineKey: null } };
      }
      const key = lineKeyOf(item);
      const line: CartLine = { key, item, quantity: 1, discount: null, stock: action.stock ?? null };
      return { ...withLines(base, [...base.lines, line]), reward: { ...reward, addedLineKey: key } };
    }
    case 'removeReward':
      return withoutReward(state);
    case 'reprice': {
      // The catalogue copy changed (a sale was refused for new prices): lines take the new figures.
      const byVariant = new Map(action.items.map((item) => [item.variantId, item]));
      const isChanged = (line: CartLine) => {
        const next = byVariant.get(line.item.variantId);
        return next !== undefined && JSON.stringify(next) !== JSON.stringify(line.item);
      };
      if (!state.lines.some(isChanged)) return state;
      return withLines(state, state.lines.map((line) => (isChanged(line) ? { ...line, item: byVariant.get(line.item.variantId)! } : line)));
    }
    case 'newSale':
      return emptyCart();
    case 'renewUuid':
      return { ...state, uuid: newUuid() };
    case 'resume':
      return normalizeCart(action.state);
    default:
      return { ...state, giftCards: giftCardsReducer(state.giftCards, action) };
  }
}

/** What a coupon's verdict depends on: the lines, their discounts, the customer and the reward (a free product is a line discount). */
export function couponSignatureOf(state: CartState): string {
  return JSON.stringify([state.lines.map((line) => [line.key, line.quantity, line.discount, line.unitPrice ?? null]), state.customer?.id ?? null, state.reward?.id ?? null]);
}

/** The coupon's discount on the lines as they are now (by key), or null. */
function couponDiscountOf(state: CartState) {
  if (!state.coupon) return null;
  const keys = new Set(state.coupon.lineKeys);
  const lineIndexes = state.lines.flatMap((line, index) => (keys.has(line.key) ? [index] : []));
  return couponOrderDiscount({ discount: state.coupon.applied.discount, lineIndexes });
}

/** Whether the sale holds anything a cashier gave it: lines, a customer, a sale discount, a coupon, a reward or a gift card. */
export function isCartBlank(state: CartState): boolean {
  return state.lines.length === 0 && state.customer === null && state.orderDiscount === null && state.coupon === null && state.reward === null && state.giftCards.length === 0;
}

function saleLoyaltyOf(state: CartState, customer: CustomerLoyalty | null, points: number): SaleLoyalty | null {
  if (!state.customer || !customer) return null;
  const reward = state.reward;
  return {
    rules: customer.rules,
    balance: customer.balance,
    // The till offers only rewards GET /api/rewards/points answered as available today; the server judges the day again.
    reward: reward
      ? { id: reward.id, name: reward.name, kind: reward.kind, amount: reward.amount, rateE4: reward.rateE4, variantId: reward.variantId, points: reward.points, available: true }
      : null,
    points,
  };
}

/**
 * Every figure the screen shows, from the one pricing engine; an applied coupon replaces the
 * manual order discount, and so does a reward of an amount or percentage off. Taxes are rounded
 * as the shop's settings say, as the server will. With the customer's loyalty (`customer`), the
 * reward is priced and `points` offered as a tender are checked; `loyalty` is null without it.
 */
export function priceCartState(state: CartState, taxRounding: TaxRounding = 'line', customer: CustomerLoyalty | null = null, points = 0): PricedSale {
  const lines = state.lines.map((line) => ({ item: line.item, quantity: line.quantity, discount: line.discount, unitPrice: line.unitPrice ?? null }));
  return priceSale(lines, couponDiscountOf(state) ?? state.orderDiscount, null, taxRounding, saleLoyaltyOf(state, customer, points));
}

/** Whether the sale can be paid: items or gift cards, a current coupon verdict, and a reward the engine priced without objection. */
export function isReadyToPay(state: CartState, priced: PricedSale): boolean {
  if ((state.lines.length === 0 && state.giftCards.length === 0) || state.coupon?.isStale) return false;
  // A reward is priced once the customer's points are in (priced.loyalty), and only when it still holds.
  return state.reward === null || (priced.loyalty !== null && !priced.loyalty.errors['redemption.rewardId']);
}

/**
 * The sale as the server wants it (apply-coupon, redeem and create share it). `points`: offered as
 * a tender, known only when paying.
 */
export function saleInputOf(state: CartState, points = 0): SaleInput {
  const hasRedemption = state.customer !== null && (state.reward !== null || points > 0);
  return {
    lines: state.lines.map((line) => ({
      variantId: line.item.variantId,
      quantity: line.quantity,
      discount: line.discount,
      ...(line.unitPrice != null ? { unitPrice: line.unitPrice } : {}),
    })),
    orderDiscount: state.orderDiscount,
    couponCode: state.coupon?.applied.code ?? null,
    customerId: state.customer?.id ?? null,
    redemption: hasRedemption ? { rewardId: state.reward?.id ?? null, points } : null,
  };
}

export function itemCountOf(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Units left at the outlet after this line, when the product tracks stock. */
export function stockAfterOf(line: CartLine): number | null {
  return line.stock === null ? null : line.stock - line.quantity;
}

/** "M / Blue" or the product title alone. */
export function lineTitleOf(item: SaleItem): string {
  return item.variantName ? `${item.title} · ${item.variantName}` : item.title;
}
