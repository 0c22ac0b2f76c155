import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { apiErrorOf, hasFieldErrors } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useAdjustStock } from './api.ts';

export type AdjustTarget = { variantId: number; outletId: number; label: string; current: number };

const reasons = ['Received without a goods order', 'Damaged', 'Stolen or lost', 'Shelf count', 'Returned to supplier', 'Correction'];

/** Add, remove or set a counted quantity, with a reason that goes into the ledger and history. */
export function StockAdjustDialog({ productId, target, onClose }: { productId: number; target: AdjustTarget; onClose: () => void }) {
  const adjust = useAdjustStock(productId);
  const [mode, setMode] = useState<'add' | 'remove' | 'set'>('add');
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState(reasons[0] as string);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function submit() {
    const n = /^\d+$/.test(quantity.trim()) ? Number(quantity) : null;
    if (n === null) {
      setErrors({ quantity: 'Enter a whole number of units.' });
      return;
    }
    setErrors({});
    setFormError(null);
    adjust.mutate(
      { variantId: target.variantId, outletId: target.outletId, mode, quantity: n, note },
      {
        onSuccess: (result) => {
          notify.success(`Stock of ${target.label} is now ${result.quantity}.`);
          onClose();
        },
        onError: (error) => {
          if (hasFieldErrors(error)) setErrors(apiErrorOf(error).fieldErrors);
          else setFormError(apiErrorOf(error).message);
        },
      },
    );
  }

  const preview = /^\d+$/.test(quantity.trim())
    ? mode === 'add'
      ? target.current + Number(quantity)
      : mode === 'remove'
        ? target.current - Number(quantity)
        : Number(quantity)
    : null;

  return (
    <Dialog
      open
      title={`Adjust stock: ${target.label}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={adjust.isPending} onClick={submit}>
            {adjust.isPending ? 'Processing' : 'Save adjustment'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <p>
          On hand now: <strong>{target.current}</strong>
          {preview !== null && (
            <>
              {' '}
              → after: <strong>{preview}</strong>
            </>
          )}
        </p>
        <Field label="Change">
          <Select value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
            <option value="add">Add units</option>
            <option value="remove">Remove units</option>
            <option value="set">Set to a counted quantity</option>
          </Select>
        </Field>
        <Field label="Quantity" error={errors.quantity}>
          <TextInput inputMode="numeric" autoFocus value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </Field>
        <Field label="Reason" error={errors.note}>
          <TextInput list="stock-reasons" value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <datalist id="stock-reasons">
          {reasons.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
      </div>
    </Dialog>
  );
}
