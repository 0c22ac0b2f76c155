import type { Order } from '@tillbook/contract';
import { ORDER_MAX_TAGS } from '@tillbook/contract';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CustomerPicker } from '../../components/customer-picker/customer-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useUser } from '../../lib/auth.ts';
import { splitFieldErrors } from '../../lib/api-error.ts';
import { useEditOrder } from './timeline-api.ts';

type Draft = { note: string; customer: { id: number; name: string } | null; tags: string[] };
type FieldErrors = { note?: string; customerId?: string; tags?: string; other?: string };

function draftOf(order: Order): Draft {
  return {
    note: order.note ?? '',
    customer: order.customerId === null ? null : { id: order.customerId, name: order.customerName ?? `Customer #${order.customerId}` },
    tags: order.tags ?? [],
  };
}

/** A 422's messages on the dialog's fields ("tags.3" lands on tags); anything else above them. */
function fieldErrorsOf(error: unknown): FieldErrors {
  const { onFields, leftOver } = splitFieldErrors(error, (root) => root === 'note' || root === 'customerId' || root === 'tags');
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(onFields)) {
    const root = field.split('.')[0] as 'note' | 'customerId' | 'tags';
    errors[root] ??= message;
  }
  return leftOver ? { ...errors, other: leftOver } : errors;
}

/**
 * "Edit order" for administrators: what may change after a sale — its note, its customer and its
 * tags. Amounts are never edited here; a wrong sale is refunded.
 */
export function OrderEditDialog({ order }: { order: Order }) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  if (user?.type !== 'administrator') return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Edit order
      </Button>
      {open && <EditForm order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function EditForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const formId = useId();
  const edit = useEditOrder();
  const [draft, setDraft] = useState<Draft>(() => draftOf(order));
  const [tagText, setTagText] = useState('');
  const [isPicking, setIsPicking] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  function addTag() {
    const tag = tagText.trim();
    if (!tag) return;
    setDraft((d) => (d.tags.includes(tag) ? d : { ...d, tags: [...d.tags, tag] }));
    setTagText('');
  }

  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTag();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const pending = tagText.trim();
    const tags = pending && !draft.tags.includes(pending) ? [...draft.tags, pending] : draft.tags;
    edit.mutate(
      { orderId: order.id, input: { note: draft.note, customerId: draft.customer?.id ?? null, tags } },
      { onSuccess: onClose, onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  }

  return (
    <Dialog
      open
      title={`Edit order ${order.number}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={edit.isPending}>
            {edit.isPending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-gray-600">The amounts of a sale never change; refund it instead.</p>
        {errors.other && (
          <p role="alert" className="text-red-600">
            {errors.other}
          </p>
        )}
        <Field label="Note" error={errors.note}>
          <Textarea value={draft.note} maxLength={1000} onChange={(event) => setDraft({ ...draft, note: event.target.value })} className="w-full" />
        </Field>
        <div>
          <p className="text-sm font-medium text-gray-900">Customer</p>
          <div className="mt-1.5 flex items-center gap-2">
            <span aria-label="Customer of the sale" className="flex-1 text-gray-900">
              {draft.customer?.name ?? <span className="text-gray-500">Walk-in customer</span>}
            </span>
            <Button variant="secondary" onClick={() => setIsPicking(true)}>
              {draft.customer ? 'Change' : 'Choose'}
            </Button>
            {draft.customer && (
              <Button variant="secondary" onClick={() => setDraft({ ...draft, customer: null })}>
                Remove
              </Button>
            )}
          </div>
          {errors.customerId && <p className="mt-1.5 text-sm text-red-600">{errors.customerId}</p>}
        </div>
        <div>
          <ul aria-label="Tags" className="mb-2 flex min-h-6 flex-wrap gap-1.5">
            {draft.tags.map((tag) => (
              <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800">
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  className="rounded-full px-1 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800"
                  onClick={() => setDraft({ ...draft, tags: draft.tags.filter((t) => t !== tag) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <Field label="Add a tag" error={errors.tags} hint={`Enter adds it; up to ${ORDER_MAX_TAGS} tags of 30 characters.`}>
            <TextInput value={tagText} maxLength={30} onChange={(event) => setTagText(event.target.value)} onKeyDown={onTagKey} />
          </Field>
        </div>
      </form>
      <CustomerPicker
        open={isPicking}
        onClose={() => setIsPicking(false)}
        onPick={(customer) => {
          setDraft({ ...draft, customer: { id: customer.id, name: customer.name } });
          setIsPicking(false);
        }}
      />
    </Dialog>
  );
}
