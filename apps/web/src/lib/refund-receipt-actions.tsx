import { useState, type FormEvent } from 'react';
import { notifyFailureOf, type NotifyFailure } from '../components/receipt/api.ts';
import { PrintableRefundReceipt } from '../components/receipt/printable-refund-receipt.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Field } from '../components/ui/field.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { TextInput } from '../components/ui/text-input.tsx';
import { errorMessageOf } from './api-error.ts';
import { refundReceiptPdfUrl, useNotifyRefund, useRefundReceipt } from './refund-receipts.ts';
import { useShopSettings } from './shop-settings.ts';

type RefundReceiptActionsProps = {
  refundId: number;
  /** The sale's customer's address: "E-mail receipt" sends there at once; without one it asks. */
  customerEmail: string | null;
};

/**
 * A refund's receipt on the screen with its actions: print it (only it prints), download its PDF,
 * e-mail it. For the till after a return and for an order's refunds in the back office.
 */
export function RefundReceiptActions({ refundId, customerEmail }: RefundReceiptActionsProps) {
  const settings = useShopSettings();
  const receipt = useRefundReceipt(refundId);
  const notify = useNotifyRefund();
  const [isAsking, setIsAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<NotifyFailure | null>(null);
  const address = customerEmail ?? receipt.data?.customerEmail ?? null;

  function send(typed?: string) {
    if (notify.isPending) return;
    setFailure(null);
    setSentTo(null);
    notify.mutate(
      { refundId, input: typed ? { email: typed } : {} },
      {
        onSuccess: (result) => {
          setSentTo(result.sentTo);
          setIsAsking(false);
        },
        onError: (error) => setFailure(notifyFailureOf(error)),
      },
    );
  }

  function submitAddress(event: FormEvent) {
    event.preventDefault();
    send(email.trim());
  }

  if (receipt.isPending) {
    return (
      <div role="status" aria-label="Loading the refund receipt" className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  }
  if (receipt.isError) return <Alert tone="error">The refund receipt could not be loaded: {errorMessageOf(receipt.error)}</Alert>;

  return (
    <div className="space-y-3">
      <PrintableRefundReceipt receipt={receipt.data} businessName={settings.businessName} logoUrl={settings.logoUrl} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="min-h-12" onClick={() => window.print()}>
          Print receipt
        </Button>
        <a
          href={refundReceiptPdfUrl(refundId)}
          download
          className={buttonClasses('secondary')}
        >
          Download PDF
        </a>
        <Button variant="secondary" className="min-h-12" isBusy={notify.isPending} onClick={() => (address ? send() : setIsAsking(true))}>
          {notify.isPending ? 'Sending…' : 'E-mail receipt'}
        </Button>
      </div>
      {isAsking && (
        <form onSubmit={submitAddress} noValidate className="flex items-end gap-2" aria-label="E-mail the refund receipt">
          <Field label="E-mail address" error={failure?.field ?? undefined} className="flex-1">
            <TextInput type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} autoFocus />
          </Field>
          <Button type="submit" disabled={!email.trim()} isBusy={notify.isPending}>
            Send
          </Button>
        </form>
      )}
      {sentTo && (
        <p role="status" className="text-sm font-medium text-green-700">
          Refund receipt sent to {sentTo}.
        </p>
      )}
      {failure && !(isAsking && failure.field) && (
        <p role="alert" className="text-sm text-red-600">
          {failure.message}
        </p>
      )}
    </div>
  );
}
