import { useState, type FormEvent } from 'react';
import { DialogFormActions } from '../../components/form.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { splitFieldErrors } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useAdjustStoreCredit } from './api.ts';

type Direction = 'add' | 'take';
const directions = [
  { value: 'add', label: 'Add credit', description: 'Goodwill, a correction, credit paid in.' },
  { value: 'take', label: 'Take credit', description: 'A mistake undone, credit paid out.' },
] as const;

type Errors = { fields: Partial<Record<'amount' | 'reason', string>>; message: string | null };

/** An administrator adds store credit or takes it, with a reason the ledger and the audit log keep. */
export function AdjustStoreCreditDialog({ customerId, balance, onClose }: { customerId: number; balance: number; onClose: () => void }) {
  const money = useMoney();
  const adjust = useAdjustStoreCredit(customerId);
  const [direction, setDirection] = useState<Direction>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({ fields: {}, message: null });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = money.parse(amount);
    const local: Errors['fields'] = {};
    if (!parsed.ok && parsed.error !== 'empty') local.amount = parsed.message;
    else if (!parsed.ok || parsed.minor <= 0) local.amount = `Enter an amount greater than zero, like ${money.example}.`;
    else if (direction === 'take' && parsed.minor > balance) local.amount = `The store credit is only ${money.format(balance)}.`;
    if (!reason.trim()) local.reason = 'Say why, e.g. Goodwill for a late delivery.';
    if (Object.keys(local).length || !parsed.ok) return setErrors({ fields: local, message: null });
    setErrors({ fields: {}, message: null });
    const signed = direction === 'add' ? parsed.minor : -parsed.minor;
    adjust.mutate(
      { amount: signed, reason: reason.trim() },
      {
        onSuccess: (result) => {
          notify.success(`Store credit adjusted. New balance: ${money.format(result.storeCredit)}.`);
          onClose();
        },
        onError: (error) => {
          const { onFields, leftOver } = splitFieldErrors(error, (root) => root === 'amount' || root === 'reason');
          setErrors({ fields: onFields, message: leftOver });
        },
      },
    );
  }

  return (
    <Dialog open title="Adjust store credit" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.message && <Alert tone="error">{errors.message}</Alert>}
        <p className="text-sm text-gray-600">Balance now: {money.format(balance)}</p>
        <ChoiceGroup legend="Change" options={directions} value={direction} onChange={setDirection} />
        <Field label={`Amount (${money.currency})`} error={errors.fields.amount}>
          <TextInput value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" autoFocus />
        </Field>
        <Field label="Reason" error={errors.fields.reason}>
          <TextInput value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} autoComplete="off" placeholder="e.g. Goodwill for a late delivery" />
        </Field>
        <DialogFormActions isPending={adjust.isPending} onCancel={onClose} saveLabel="Adjust" />
      </form>
    </Dialog>
  );
}
