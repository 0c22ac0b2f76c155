import {
  couponOrderDiscount,
  ORDER_MAX_QUANTITY,
  priceSale,
  type AppliedCoupon,
  type PricedSale,
  type PricingDiscount,
  type SaleInput,
  type SaleItem,
  type TaxRounding,
} from '@tillbook/contract';
import { newUuid } from '../../lib/uuid.ts';

/** One line of the sale; `key` is the variant's, so adding it again raises the quantity. */
export type CartLine = {
  key: string;
  item: SaleItem;
  quantity: number;
  discount: PricingDiscount | null;
  /** Units at this outlet when the line was added; null when the product does not track stock. */
  stock: number | null;
};

export type CartCustomer = { id: number; name: string; email: string | null; pointsBalance: number };

/**
 * A coupon as the server judged it. Its lines are kept by key (not index) so removing another line
 * cannot move the discount; `isStale` asks for a fresh verdict after the cart changed.
 */
export type CartCoupon = { applied: AppliedCoupon; lineKeys: string[]; isStale: boolean };

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
};

export type CartAction =
  | { type: 'add'; item: SaleItem; stock: number | null; quantity?: number }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'setLineDiscount'; key: string; discount: PricingDiscount | null }
  | { type: 'setOrderDiscount'; discount: PricingDiscount | null }
  /** `askedFor`: the cart's signature when the server was asked; a cart changed since then asks again. */
  | { type: 'applyCoupon'; applied: AppliedCoupon; askedFor: string }
  | { type: 'removeCoupon' }
  | { type: 'setCustomer'; customer: CartCustomer | null }
  | { type: 'reprice'; items: readonly SaleItem[] }
  | { type: 'newSale' }
  /** The server refused the uuid (409: another sale has it): the same sale under a new one. */
  | { type: 'renewUuid' }
  | { type: 'resume'; state: CartState };

export function lineKeyOf(item: SaleItem): string {
  return `v${item.variantId}`;
}

export function emptyCart(uuid: string = newUuid()): CartState {
  return { uuid, lines: [], orderDiscount: null, coupon: null, customer: null };
}

function clampQuantity(quantity: number): number {
  return Math.min(ORDER_MAX_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

// Any change to the lines can change what a coupon gives: ask the server again before paying.
function withLines(state: CartState, lines: CartLine[]): CartState {
  return { ...state, lines, coupon: state.coupon ? { ...state.coupon, isStale: true } : null };
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
    case 'remove':
      // The sale discount and the coupon stay when the last line goes: the cashier gave them to the
      // sale, not to a line (the screen keeps showing them; "New sale" clears them).
      return withLines(state, state.lines.filter((line) => line.key !== action.key));
    case 'setLineDiscount':
      return withLines(state, state.lines.map((line) => (line.key === action.key ? { ...line, discount: action.discount } : line)));
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
    case 'setCustomer':
      // Per-customer coupon limits depend on who buys.
      return { ...state, customer: action.customer, coupon: state.coupon ? { ...state.coupon, isStale: true } : null };
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
      return action.state;
  }
}

/** What a coupon's verdict depends on: the lines, their discounts and the customer. */
export function couponSignatureOf(state: CartState): string {
  return JSON.stringify([state.lines.map((line) => [line.key, line.quantity, line.discount]), state.customer?.id ?? null]);
}

/** The coupon's discount on the lines as they are now (by key), or null. */
function couponDiscountOf(state: CartState) {
  if (!state.coupon) return null;
  const keys = new Set(state.coupon.lineKeys);
  const lineIndexes = state.lines.flatMap((line, index) => (keys.has(line.key) ? [index] : []));
  return couponOrderDiscount({ discount: state.coupon.applied.discount, lineIndexes });
}

/** Whether the sale holds anything a cashier gave it: lines, a customer, a sale discount or a coupon. */
export function isCartBlank(state: CartState): boolean {
  return state.lines.length === 0 && state.customer === null && state.orderDiscount === null && state.coupon === null;
}

/**
 * Every figure the screen shows, from the one pricing engine; an applied coupon replaces the
 * manual order discount. Taxes are rounded as the shop's settings say, as the server will.
 */
export function priceCartState(state: CartState, taxRounding: TaxRounding = 'line'): PricedSale {
  const lines = state.lines.map((line) => ({ item: line.item, quantity: line.quantity, discount: line.discount }));
  return priceSale(lines, couponDiscountOf(state) ?? state.orderDiscount, null, taxRounding);
}

/** The sale as the server wants it (apply-coupon and create share it). */
export function saleInputOf(state: CartState): SaleInput {
  return {
    lines: state.lines.map((line) => ({ variantId: line.item.variantId, quantity: line.quantity, discount: line.discount })),
    orderDiscount: state.orderDiscount,
    couponCode: state.coupon?.applied.code ?? null,
    customerId: state.customer?.id ?? null,
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
