import { formatPercent, parsePercent, type PricingDiscount } from '@tillbook/contract';
import { DiscountRightNote } from './discount-right-note.tsx';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney } from '../../lib/shop-settings.ts';

/** `base`: what the discount comes off (the line's price, or the sale after line discounts), to tell a cashier when it is beyond their right. */
export type DiscountTarget = ({ kind: 'line'; key: string; title: string; current: PricingDiscount | null } | { kind: 'order'; current: PricingDiscount | null }) & { base?: number };

type DiscountDialogProps = {
  target: DiscountTarget | null;
  /** An applied coupon takes the place of the order discount: the dialog says so. */
  hasCoupon: boolean;
  onApply: (target: DiscountTarget, discount: PricingDiscount | null) => void;
  onClose: () => void;
};

/** A discount on one line or on the whole sale: an amount off or a percentage. */
export function DiscountDialog({ target, hasCoupon, onApply, onClose }: DiscountDialogProps) {
  return (
    <Dialog open={target !== null} title={target?.kind === 'line' ? `Discount on ${target.title}` : 'Discount on the sale'} onClose={onClose}>
      {target && <DiscountForm key={target.kind === 'line' ? target.key : 'order'} target={target} hasCoupon={hasCoupon} onApply={onApply} onClose={onClose} />}
    </Dialog>
  );
}

function DiscountForm({ target, hasCoupon, onApply, onClose }: DiscountDialogProps & { target: DiscountTarget }) {
  const money = useMoney();
  const current = target.current;
  const [kind, setKind] = useState<PricingDiscount['kind']>(current?.kind ?? 'percentage');
  const [text, setText] = useState(
    current === null ? '' : current.kind === 'amount' ? money.toInput(current.amount) : formatPercent(current.rateE4),
  );
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The native dialog focuses its first control as it opens; the figure is what the cashier types.
    const timer = window.setTimeout(() => {
      inputRef.current?.focus();
      inputRef.current?.select();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      onApply(target, null);
      return;
    }
    if (kind === 'amount') {
      const parsed = money.parse(text);
      if (!parsed.ok) return setError(parsed.message);
      onApply(target, { kind: 'amount', amount: parsed.minor });
    } else {
      const rateE4 = parsePercent(text);
      if (rateE4 === null) return setError('Enter a percentage from 0 to 100.');
      onApply(target, { kind: 'percentage', rateE4 });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {target.kind === 'order' && hasCoupon && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">A coupon is applied: it replaces this discount until the coupon is removed.</p>
      )}
      <ChoiceGroup
        legend="Kind"
        value={kind}
        onChange={setKind}
        options={[
          { value: 'percentage', label: 'Percentage' },
          { value: 'amount', label: `Amount (${money.currency})` },
        ]}
      />
      <Field label={kind === 'amount' ? 'Amount off' : 'Percent off'} error={error}>
        <TextInput
          ref={inputRef}
          inputMode="decimal"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <DiscountRightNote kind={kind} text={text} base={target.base} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        {current && (
          <Button variant="secondary" onClick={() => onApply(target, null)}>
            Remove discount
          </Button>
        )}
        <Button type="submit">Apply</Button>
      </div>
    </form>
  );
}
