import { formatPercent, giftCardsTotal, type PricedSale, type Reward } from '@tillbook/contract';
import { useLayoutEffect, useMemo, useRef, type Dispatch, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { CartGiftCardLines } from './cart-gift-card-lines.tsx';
import { CartLineRow, type CartLineActions } from './cart-line-row.tsx';
import { isOrderReward, isReadyToPay, itemCountOf, type CartAction, type CartLine, type CartState } from './cart.ts';
import { CouponBox } from './coupon-box.tsx';
import type { DiscountTarget } from './discount-dialog.tsx';
import { LoyaltyPanel, RewardChip } from './loyalty-panel.tsx';
import { usePointsFormat } from './points-format.ts';
import type { SaleLoyaltyState } from './use-sale-loyalty.ts';

/** The customer's loyalty on the sale and taking a reward (use-take-reward.ts). */
export type CartRewards = {
  loyalty: SaleLoyaltyState;
  onTake: (reward: Reward) => void;
  isChecking: boolean;
  /** Why the last reward could not be taken. */
  refusal: string | null;
};

type CartPanelProps = {
  state: CartState;
  priced: PricedSale;
  dispatch: Dispatch<CartAction>;
  onDiscount: (target: DiscountTarget) => void;
  /** A line's "Price" button: sell it at another price. */
  onPrice?: (line: CartLine) => void;
  onCustomer: () => void;
  onPay: () => void;
  /** The page decides whether a quantity is taken, asked about or refused. */
  onQuantity: (line: CartLine, quantity: number, how: 'typed' | 'step') => void;
  /** Enter in a quantity box: the page moves on (to the search box, for the next scan). */
  onQuantityEntered?: () => void;
  /** Hold, held sales and new sale: laid out by the page. */
  actions: ReactNode;
  rewards: CartRewards;
};

/** The sale being rung up: lines, discounts, coupon, customer, totals and Pay. */
export function CartPanel({ state, priced, dispatch, onDiscount, onPrice, onCustomer, onPay, onQuantity, onQuantityEntered, actions, rewards }: CartPanelProps) {
  const money = useMoney();
  const format = usePointsFormat();
  const lineActions = useLineActions({ onQuantity, onDiscount, onPrice, dispatch, onQuantityEntered });
  const { cart } = priced;
  const { loyalty } = rewards;
  const isEmpty = state.lines.length === 0;
  // Gift cards sold are outside the goods' total: the customer pays both.
  const giftCardsSold = giftCardsTotal(state.giftCards);
  const reward = state.reward;
  // The engine's word on the reward taken (the balance moved, its product left the sale); pricing waits for the points to load.
  const rewardError = priced.loyalty?.errors['redemption.rewardId'] ?? null;
  const canPay = isReadyToPay(state, priced);
  const hasOrderReward = isOrderReward(reward);
  const rewardLineKey = reward?.kind === 'product' ? state.lines.find((line) => line.item.variantId === reward.variantId)?.key : undefined;
  const orderDiscountLabel = state.orderDiscount
    ? `−${state.orderDiscount.kind === 'amount' ? money.format(state.orderDiscount.amount) : `${formatPercent(state.orderDiscount.rateE4)}%`}`
    : null;
  return (
    <section aria-label="Sale" className="flex min-h-0 flex-col rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-3 py-2">
        {state.customer ? (
          <div className="flex min-w-0 flex-1 items-center gap-1 text-sm">
            <button type="button" onClick={onCustomer} className="min-w-0 rounded px-1 text-left hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600">
              <span className="block truncate font-semibold text-gray-900">{state.customer.name}</span>
              {loyalty.isOn && <span className="block text-xs text-gray-600">{format.points(loyalty.summary?.balance ?? state.customer.pointsBalance)}</span>}
            </button>
            <button
              type="button"
              aria-label={`Remove customer ${state.customer.name}`}
              onClick={() => dispatch({ type: 'setCustomer', customer: null })}
              className="flex size-8 shrink-0 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              ×
            </button>
          </div>
        ) : (
          <Button variant="ghost" className="px-2 py-1.5 text-xs whitespace-nowrap" onClick={onCustomer}>
            + Customer
          </Button>
        )}
        <div className="flex shrink-0 items-center gap-2">
          {!state.coupon && !hasOrderReward && (
            <Button variant="ghost" className="px-2 py-1.5 text-xs whitespace-nowrap" disabled={isEmpty && !state.orderDiscount} onClick={() => onDiscount({ kind: 'order', current: state.orderDiscount, base: cart.subtotal - cart.lineDiscountTotal })}>
              {orderDiscountLabel ? `Sale ${orderDiscountLabel}` : 'Sale discount'}
            </Button>
          )}
        </div>
      </div>

      {state.customer && (
        <LoyaltyPanel
          loyalty={loyalty}
          taken={reward}
          hasCoupon={state.coupon !== null}
          isChecking={rewards.isChecking}
          refusal={rewards.refusal ?? rewardError}
          onTake={rewards.onTake}
        />
      )}

      <div className="min-h-0 flex-1 overflow-auto px-3">
        {isEmpty && giftCardsSold > 0 ? (
          <p className="py-3 text-center text-sm text-gray-600">Scan or search to add items, or take payment for the gift cards alone.</p>
        ) : isEmpty ? (
          <div className="flex h-full min-h-32 flex-col items-center justify-center gap-2 py-8 text-center text-sm text-gray-500">
            <p>Scan or search to add items</p>
            {(orderDiscountLabel || state.coupon || hasOrderReward) && (
              <p className="text-gray-700">
                {state.coupon ? `The coupon ${state.coupon.applied.code}` : reward && hasOrderReward ? `The reward ${reward.name}` : `The sale discount (${orderDiscountLabel})`} stays on this
                sale for the items you add next.
              </p>
            )}
          </div>
        ) : (
          <ul aria-label="Sale lines">
            {state.lines.map((line, index) => (
              <CartLineRow key={line.key} line={line} priced={cart.lines[index]!} actions={lineActions} rewardName={line.key === rewardLineKey ? reward?.name : null} />
            ))}
          </ul>
        )}
        <CartGiftCardLines cards={state.giftCards} onRemove={(code) => dispatch({ type: 'removeGiftCard', code })} />
      </div>

      <div className="space-y-2 border-t border-gray-200 px-3 py-2">
        {/* A new or resumed sale starts with an empty box and no old refusal. */}
        <CouponBox key={state.uuid} state={state} dispatch={dispatch} />
        {state.coupon && state.orderDiscount && <p className="text-xs text-amber-700">The coupon replaces the sale discount you gave.</p>}
        {reward && <RewardChip reward={reward} discount={priced.loyalty?.rewardDiscount ?? 0} onRemove={() => dispatch({ type: 'removeReward' })} />}
        {hasOrderReward && state.orderDiscount && <p className="text-xs text-amber-700">The reward replaces the sale discount you gave.</p>}
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm tabular-nums">
          <Figure label={`Subtotal (${itemsLabelOf(itemCountOf(state))})`} value={money.format(cart.subtotal)} />
          {cart.discountTotal > 0 && <Figure label="Discounts" value={`−${money.format(cart.discountTotal)}`} />}
          {cart.chargeTotal > 0 && <Figure label="Charges" value={money.format(cart.chargeTotal)} />}
          <Figure label={cart.exclusiveTaxTotal > 0 ? 'Taxes' : 'Taxes (included)'} value={money.format(cart.taxTotal)} />
          <dt className="text-base font-semibold text-gray-900">Total</dt>
          <dd className="text-right text-base font-semibold text-gray-900" aria-label="Sale total">
            {money.format(cart.total)}
          </dd>
          {giftCardsSold > 0 && <Figure label="Gift cards" value={money.format(giftCardsSold)} />}
          {giftCardsSold > 0 && <Figure label="To pay" value={money.format(cart.total + giftCardsSold)} />}
        </dl>
        <Button className="h-14 w-full text-base" disabled={!canPay} onClick={onPay}>
          Pay {money.format(cart.total + giftCardsSold)} <kbd className="rounded bg-indigo-500 px-1.5 py-0.5 font-mono text-xs">F9</kbd>
        </Button>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
    </section>
  );
}

export function itemsLabelOf(count: number): string {
  return count === 0 ? 'No items' : count === 1 ? '1 item' : `${count} items`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right text-gray-900">{value}</dd>
    </>
  );
}

type LineHandlers = Pick<CartPanelProps, 'onQuantity' | 'onDiscount' | 'onPrice' | 'dispatch' | 'onQuantityEntered'>;

/**
 * The lines' actions, the same object from render to render (so unchanged rows are not drawn
 * again), each calling the page's handlers as last rendered. It changes only when the till starts
 * or stops offering a price change or Enter's move.
 */
function useLineActions(handlers: LineHandlers): CartLineActions {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const hasPrice = handlers.onPrice !== undefined;
  const hasEntered = handlers.onQuantityEntered !== undefined;
  return useMemo<CartLineActions>(
    () => ({
      onQuantity: (line, quantity, how) => latest.current.onQuantity(line, quantity, how),
      onDiscount: (line, priced) =>
        latest.current.onDiscount({ kind: 'line', key: line.key, title: line.item.variantName ? `${line.item.title} · ${line.item.variantName}` : line.item.title, current: line.discount, base: priced.gross }),
      onPrice: hasPrice ? (line) => latest.current.onPrice?.(line) : undefined,
      onRemove: (line) => latest.current.dispatch({ type: 'remove', key: line.key }),
      onQuantityEntered: hasEntered ? () => latest.current.onQuantityEntered?.() : undefined,
    }),
    [hasPrice, hasEntered],
  );
}
