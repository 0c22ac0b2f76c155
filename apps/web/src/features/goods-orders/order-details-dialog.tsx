import type { GoodsOrder } from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { DialogFormActions } from '../../components/form.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { splitFieldErrors } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useUpdateGoodsOrder } from './api.ts';

/** An order placed and still open: the supplier's new delivery day, or a note, changed without reopening it. */
export function OrderDetailsDialog({ order, open, onClose }: { order: GoodsOrder; open: boolean; onClose: () => void }) {
  const update = useUpdateGoodsOrder();
  const [expectedAt, setExpectedAt] = useState(order.expectedAt?.slice(0, 10) ?? '');
  const [note, setNote] = useState(order.note ?? '');
  const [errors, setErrors] = useState<{ expectedAt?: string; note?: string; other?: string | null }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      await update.mutateAsync({ id: order.id, input: { expectedAt: expectedAt || null, note: note.trim() || null } });
      notify.success(`Goods order ${order.number} saved.`);
      onClose();
    } catch (error) {
      const { onFields, leftOver } = splitFieldErrors(error, (root) => root === 'expectedAt' || root === 'note');
      setErrors({ expectedAt: onFields.expectedAt, note: onFields.note, other: leftOver });
    }
  }

  return (
    <Dialog open={open} title={`Expected date and note of ${order.number}`} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <Field label="Expected date" error={errors.expectedAt} hint="When the supplier now says it will deliver.">
          <TextInput type="date" value={expectedAt} onChange={(e) => setExpectedAt(e.target.value)} />
        </Field>
        <Field label="Note" error={errors.note}>
          <Textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        {errors.other && (
          <p role="alert" className="text-sm text-red-600">
            {errors.other}
          </p>
        )}
        <DialogFormActions isPending={update.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
