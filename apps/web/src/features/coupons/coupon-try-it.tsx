import { evaluateCoupon, type CouponValues } from '@tillbook/contract';
import { useState } from 'react';
import { Block } from '../../components/ui/block.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { moneyOf } from './coupon-form-model.ts';

type TryItProps = {
  /** The form's values once they are valid; null while something is missing or wrong. */
  coupon: CouponValues | null;
  usedCount: number;
};

/**
 * "Try it": a cart of one line totalling what is typed, run through the pricing engine's coupon
 * rule — the same one the register uses — so the answer is what a cashier would see.
 */
export function CouponTryIt({ coupon, usedCount }: TryItProps) {
  const money = useMoney();
  const { timeZone } = useShopSettings();
  const [total, setTotal] = useState('');
  const parsed = moneyOf(total, money);
  const cartTotal = 'value' in parsed ? parsed.value : null;

  let answer: { tone: 'ok' | 'refused' | 'hint'; text: string };
  if (!coupon) answer = { tone: 'hint', text: 'Fill in the coupon above to try it.' };
  else if ('error' in parsed) answer = { tone: 'refused', text: parsed.error };
  else if (cartTotal === null) answer = { tone: 'hint', text: 'Type a cart total to see what the coupon takes off.' };
  else {
    // One line of an eligible product: the coupon's own categories and products.
    const line = { productId: coupon.productIds[0] ?? 0, categoryIds: coupon.categoryIds, total: cartTotal };
    const result = evaluateCoupon(
      { ...coupon, usedCount },
      { lines: [line] },
      { now: new Date(), customerUses: 0, hasCustomer: true, formatMoney: money.format, timeZone },
    );
    answer = result.ok
      ? { tone: 'ok', text: `${money.format(result.discount)} off: the customer pays ${money.format(cartTotal - result.discount)}.` }
      : { tone: 'refused', text: result.message };
  }

  return (
    <Block title="Try it">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`Cart total (${money.currency})`} hint="Of products the coupon applies to, now, with a customer on the sale.">
          <TextInput value={total} onChange={(e) => setTotal(e.target.value)} inputMode="decimal" autoComplete="off" placeholder={money.toInput(2500)} />
        </Field>
        <p
          data-testid="coupon-try-it"
          aria-live="polite"
          className={
            answer.tone === 'ok'
              ? 'self-center text-sm font-medium text-green-700'
              : answer.tone === 'refused'
                ? 'self-center text-sm text-red-700'
                : 'self-center text-sm text-gray-500'
          }
        >
          {answer.text}
        </p>
      </div>
    </Block>
  );
}
