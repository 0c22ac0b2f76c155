import type { Order } from '@tillbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notifyFailureOf, useNotifyOrder } from '../../components/receipt/api.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { orderReceiptPdfUrl, orderTimelineKey, useReprintReceipt } from './timeline-api.ts';


/**
 * A past sale's receipt: reprint it (the page's receipt copy, marked COPY), download it as a PDF,
 * or e-mail it. The server puts each reprint and e-mail on the order's timeline.
 */
export function ReceiptActions({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const reprint = useReprintReceipt();
  const notify = useNotifyOrder();
  const [isAsking, setIsAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ field: string | null; message: string } | null>(null);
  const refreshTimeline = () => queryClient.invalidateQueries({ queryKey: orderTimelineKey(order.id) });

  function send(typed?: string) {
    if (notify.isPending) return;
    setFailure(null);
    setSentTo(null);
    notify.mutate(
      { orderId: order.id, input: typed ? { email: typed } : {} },
      {
        onSuccess: (result) => {
          setSentTo(result.sentTo);
          setIsAsking(false);
        },
        onError: (error) => setFailure(notifyFailureOf(error)),
        // A failed send is on the timeline too.
        onSettled: () => void refreshTimeline(),
      },
    );
  }

  function submitAddress(event: FormEvent) {
    event.preventDefault();
    send(email.trim());
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={reprint.isPending} onClick={() => reprint.mutate(order.id, { onSuccess: () => window.print() })}>
          {reprint.isPending ? 'Preparing…' : 'Reprint receipt'}
        </Button>
        <a
          href={orderReceiptPdfUrl(order.id)}
          download
          onClick={() => window.setTimeout(() => void refreshTimeline(), 1500)}
          className={buttonClasses('secondary')}
        >
          Download PDF
        </a>
        <Button
          variant="secondary"
          isBusy={notify.isPending}
          onClick={() => (order.customerEmail ? send() : setIsAsking(true))}
        >
          {notify.isPending ? 'Sending…' : 'E-mail receipt'}
        </Button>
      </div>
      {isAsking && (
        <form onSubmit={submitAddress} className="flex items-end gap-2" aria-label="E-mail the receipt">
          <Field label="E-mail address" error={failure?.field ?? undefined} className="flex-1">
            <TextInput type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoFocus />
          </Field>
          <Button type="submit" disabled={!email.trim()} isBusy={notify.isPending}>
            Send
          </Button>
        </form>
      )}
      {reprint.isError && <p className="text-sm text-red-600">{errorMessageOf(reprint.error)}</p>}
      {sentTo && (
        <p role="status" className="text-sm font-medium text-green-700">
          Receipt sent to {sentTo}.
        </p>
      )}
      {failure && !failure.field && <p role="alert" className="text-sm text-red-600">{failure.message}</p>}
    </div>
  );
}
