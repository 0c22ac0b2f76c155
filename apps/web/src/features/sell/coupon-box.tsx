import { useEffect, useState } from 'react';
import type { Dispatch, FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { apiErrorOf } from '../../lib/api-error.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { useApplyCoupon } from './api.ts';
import { couponOrRewardMessage, couponSignatureOf, isOrderReward, saleInputOf, type CartAction, type CartState } from './cart.ts';

/** The reason the server refused a coupon (422 on couponCode), or its general message. */
function refusalOf(error: unknown): string {
  const { message, fieldErrors } = apiErrorOf(error);
  return fieldErrors.couponCode ?? Object.values(fieldErrors)[0] ?? message;
}

/** A coupon code checked by the server; when it applies it replaces the manual order discount. */
export function CouponBox({ state, dispatch }: { state: CartState; dispatch: Dispatch<CartAction> }) {
  const money = useMoney();
  const apply = useApplyCoupon();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const coupon = state.coupon;

  // The cart changed under an applied coupon: ask again, so the discount on screen is the server's.
  const { mutate, isPending } = apply;
  useEffect(() => {
    if (!coupon?.isStale || isPending || state.lines.length === 0) return;
    const askedFor = couponSignatureOf(state);
    mutate(
      { ...saleInputOf(state), couponCode: coupon.applied.code },
      {
        onSuccess: (applied) => dispatch({ type: 'applyCoupon', applied, askedFor }),
        onError: (error) => {
          dispatch({ type: 'removeCoupon' });
          setRefusal(`${coupon.applied.code} no longer applies: ${refusalOf(error)}`);
        },
      },
    );
  }, [coupon, isPending, mutate, dispatch, state]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return setRefusal('Enter a coupon code.');
    if (state.lines.length === 0) return setRefusal('Add items before a coupon.');
    if (isOrderReward(state.reward)) return setRefusal(`${couponOrRewardMessage} Remove the reward to use a coupon.`);
    setRefusal(null);
    const askedFor = couponSignatureOf(state);
    apply.mutate(
      { ...saleInputOf(state), couponCode: trimmed },
      {
        onSuccess: (applied) => {
          dispatch({ type: 'applyCoupon', applied, askedFor });
          setCode('');
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  }

  if (coupon) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center gap-1 rounded-full bg-green-100 py-1 pr-1 pl-3 font-semibold text-green-800">
          {coupon.applied.code} −{money.format(coupon.applied.discount)}
          <button
            type="button"
            aria-label={`Remove coupon ${coupon.applied.code}`}
            onClick={() => dispatch({ type: 'removeCoupon' })}
            className="flex size-7 items-center justify-center rounded-full hover:bg-green-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            ×
          </button>
        </span>
        <span className="text-xs text-gray-600">{state.lines.length === 0 ? 'Checked again when items are added.' : coupon.isStale ? 'Checking the coupon…' : 'Replaces any order discount.'}</span>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <TextInput
            aria-label="Coupon code"
            placeholder="Coupon code"
            value={code}
            invalid={refusal !== null}
            aria-describedby={refusal ? 'sell-coupon-refusal' : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setRefusal(null);
            }}
            className="h-10 uppercase placeholder:normal-case"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={apply.isPending} className="h-10 shrink-0 px-3">
          {apply.isPending ? 'Checking' : 'Apply'}
        </Button>
      </div>
      {refusal && (
        <p id="sell-coupon-refusal" role="alert" className="mt-1 text-xs text-red-600">
          {refusal}
        </p>
      )}
    </form>
  );
}
