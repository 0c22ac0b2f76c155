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
import { useAdjustGiftCard } from './api.ts';

type Direction = 'add' | 'take';
const directions = [
  { value: 'add', label: 'Add to the card', description: 'A card replaced, a correction, goodwill.' },
  { value: 'take', label: 'Take from the card', description: 'A mistake undone, the balance paid out or written off.' },
] as const;

type Errors = { fields: Partial<Record<'amount' | 'reason', string>>; message: string | null };

/** An administrator corrects a card's balance, with a reason the card's history and the audit log keep. */
export function AdjustGiftCardDialog({ cardId, balance, onClose }: { cardId: number; balance: number; onClose: () => void }) {
  const money = useMoney();
  const adjust = useAdjustGiftCard(cardId);
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
    else if (direction === 'take' && parsed.minor > balance) local.amount = `The balance is only ${money.format(balance)}: the adjustment may take at most that.`;
    if (!reason.trim()) local.reason = 'Say why, e.g. Damaged card replaced.';
    if (Object.keys(local).length || !parsed.ok) return setErrors({ fields: local, message: null });
    setErrors({ fields: {}, message: null });
    adjust.mutate(
      { delta: direction === 'add' ? parsed.minor : -parsed.minor, reason: reason.trim() },
      {
        onSuccess: (card) => {
          notify.success(`Gift card adjusted. New balance: ${money.format(card.balance)}.`);
          onClose();
        },
        onError: (error) => {
          const { onFields, leftOver } = splitFieldErrors(error, (root) => root === 'delta' || root === 'reason');
          setErrors({ fields: { amount: onFields.delta, reason: onFields.reason }, message: leftOver });
        },
      },
    );
  }

  return (
    <Dialog open title="Adjust gift card" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.message && <Alert tone="error">{errors.message}</Alert>}
        <p className="text-sm text-gray-600">Balance now: {money.format(balance)}</p>
        <ChoiceGroup legend="Change" options={directions} value={direction} onChange={setDirection} />
        <Field label={`Amount (${money.currency})`} error={errors.fields.amount}>
          <TextInput value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" autoFocus />
        </Field>
        <Field label="Reason" error={errors.fields.reason}>
          <TextInput value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoComplete="off" placeholder="e.g. Damaged card replaced" />
        </Field>
        <DialogFormActions isPending={adjust.isPending} onCancel={onClose} saveLabel="Adjust" />
      </form>
    </Dialog>
  );
}
