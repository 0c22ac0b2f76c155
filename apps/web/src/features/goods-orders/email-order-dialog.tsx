import type { GoodsOrder } from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { DialogFormActions } from '../../components/form.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { apiErrorOf, serverMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useEmailGoodsOrder } from './api.ts';

/** Why the purchase order was not sent: the server's own words (also a 502/503 saying e-mail is not set up). */
function failureOf(error: unknown): { to: string | null; message: string | null; general: string } {
  const { status, message, fieldErrors } = apiErrorOf(error);
  const own = serverMessageOf(error);
  const general = own && (status === 422 || status === 502 || status === 503) ? own : message;
  return { to: fieldErrors.to ?? null, message: fieldErrors.message ?? null, general };
}

/** "E-mail to supplier": the PDF to the supplier's address (or another), with an optional message. */
export function EmailOrderDialog({ order, open, onClose }: { order: GoodsOrder; open: boolean; onClose: () => void }) {
  const send = useEmailGoodsOrder();
  const [to, setTo] = useState(order.supplierEmail ?? '');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<ReturnType<typeof failureOf> | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const address = to.trim();
    send.mutate(
      { id: order.id, input: { to: address || null, message: message.trim() || null } },
      {
        onSuccess: (sent) => {
          notify.success(`Purchase order ${order.number} sent to ${sent?.sentTo || address || order.supplierEmail}.`);
          setMessage('');
          close();
        },
        onError: (error) => {
          const why = failureOf(error);
          setFailure(why);
          notify.error(`${order.number} was not sent: ${why.to ?? why.general}`);
        },
      },
    );
  }

  return (
    <Dialog open={open} title={`E-mail ${order.number} to ${order.supplierName}`} onClose={close}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="E-mail the purchase order">
        <p>The purchase order goes as a PDF attachment.</p>
        <Field label="To" error={failure?.to ?? undefined} hint={order.supplierEmail ? undefined : 'This supplier has no e-mail address on file: type one.'}>
          <TextInput type="email" value={to} onChange={(e) => setTo(e.target.value)} autoFocus />
        </Field>
        <Field label="Message (optional)" error={failure?.message ?? undefined}>
          <Textarea rows={4} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="Please confirm the delivery date." />
        </Field>
        {failure && !failure.to && !failure.message && (
          <p role="alert" className="text-sm text-red-600">
            {failure.general}
          </p>
        )}
        <DialogFormActions isPending={send.isPending} onCancel={close} saveLabel="Send" />
      </form>
    </Dialog>
  );
}
