import type { Order } from '@tillbook/contract';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { notifyFailureOf, useNotifyOrder, type NotifyFailure } from '../../components/receipt/api.ts';
import { PrintableReceipt } from '../../components/receipt/printable-receipt.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { usePointsFormat } from './points-format.ts';
import { SaleGiftCards } from './sale-gift-cards.tsx';

type SaleReceiptProps = { order: Order; onNewSale: () => void };

function isTypingOrPressing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a, input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * E-mails the receipt: one button when the sale's customer has an address, otherwise a small link
 * that asks for one. The outcome is said plainly on the page.
 */
function EmailReceipt({ order }: { order: Order }) {
  const notify = useNotifyOrder();
  const [isAsking, setIsAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<NotifyFailure | null>(null);

  function send(typed?: string) {
    if (notify.isPending) return;
    setSentTo(null);
    setFailure(null);
    notify.mutate(
      { orderId: order.id, input: typed === undefined ? {} : { email: typed } },
      { onSuccess: (result) => setSentTo(result.sentTo), onError: (error) => setFailure(notifyFailureOf(error)) },
    );
  }

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    send(email);
  }

  const outcome = sentTo ? (
    <p role="status" className="text-sm font-medium text-green-700">
      Receipt sent to {sentTo}.
    </p>
  ) : failure && !(isAsking && failure.field) ? (
    <p role="alert" className="text-sm text-red-600">
      {failure.message}
    </p>
  ) : null;

  if (order.customerEmail) {
    return (
      <>
        <Button variant="secondary" className="min-h-12" onClick={() => send()} isBusy={notify.isPending}>
          {notify.isPending ? 'Sending…' : 'E-mail receipt'}
        </Button>
        {/* Below the whole row of buttons, not between them. */}
        {outcome && <div className="order-last basis-full">{outcome}</div>}
      </>
    );
  }
  return (
    <div className="basis-full">
      {isAsking ? (
        <form onSubmit={submitTyped} noValidate className="flex flex-wrap items-start gap-2">
          <Field label="E-mail address" error={failure?.field ?? undefined} className="min-w-56 flex-1">
            <TextInput type="email" autoComplete="off" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} className="h-12" />
          </Field>
          {/* Down by the label's height (a 1.25rem line and mt-1.5), so Send lines up with the field even under an error. */}
          <Button type="submit" variant="secondary" className="mt-[1.625rem] min-h-12" isBusy={notify.isPending}>
            {notify.isPending ? 'Sending…' : 'Send'}
          </Button>
        </form>
      ) : (
        <button type="button" onClick={() => setIsAsking(true)} className="text-sm font-medium text-indigo-700 underline hover:text-indigo-500">
          E-mail receipt
        </button>
      )}
      {outcome && <div className="mt-2">{outcome}</div>}
    </div>
  );
}

/** What the sale did to the customer's points, for the cashier to tell them (the receipt prints it when its template says so). */
function PointsOfSale({ order }: { order: Order }) {
  const money = useMoney();
  const format = usePointsFormat();
  const loyalty = order.loyalty;
  if (!loyalty || (loyalty.pointsEarned <= 0 && loyalty.pointsRedeemed <= 0)) return null;
  const parts = [
    loyalty.rewardName && loyalty.rewardId !== null ? `Reward: ${loyalty.rewardName} −${money.format(loyalty.rewardDiscount)}` : null,
    loyalty.pointsPaid > 0 ? `Paid with points: ${money.format(loyalty.pointsPaid)}` : null,
    loyalty.pointsEarned > 0 ? `Points earned: ${format.count(loyalty.pointsEarned)}` : null,
    loyalty.balanceAfter !== null ? `Points balance: ${format.count(loyalty.balanceAfter)}` : null,
  ].filter(Boolean);
  return (
    <p className="text-sm text-gray-700" data-testid="sale-points">
      {parts.join(' · ')}
    </p>
  );
}

/** After a sale: the change to give back, the receipt to print, and the way to the next sale. */
export function SaleReceipt({ order, onNewSale }: SaleReceiptProps) {
  const money = useMoney();
  const newSaleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => newSaleRef.current?.focus(), []);

  useLayoutEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // A focused button answers Enter itself; Enter elsewhere and F10 anywhere start the next sale.
      const isNewSaleKey = event.key === 'F10' || (event.key === 'Enter' && !isTypingOrPressing(event.target));
      if (!isNewSaleKey || event.defaultPrevented) return;
      event.preventDefault();
      onNewSale();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onNewSale]);

  return (
    <section aria-labelledby="sale-complete-title" className="mx-auto flex max-w-3xl flex-col gap-6 p-4 lg:flex-row lg:items-start">
      <div className="flex flex-1 flex-col gap-4">
        <div>
          <h1 id="sale-complete-title" className="text-2xl font-semibold text-gray-900">
            Sale complete
          </h1>
          <p className="mt-1 text-lg text-gray-700">
            Order <span className="font-mono font-semibold text-gray-900">{order.number}</span> · {money.format(order.total)}
          </p>
          <PointsOfSale order={order} />
          <SaleGiftCards order={order} />
        </div>
        {order.change > 0 && (
          <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-5 py-4 text-green-900">
            <p className="text-sm font-semibold uppercase tracking-wide">Change to give</p>
            <p className="text-6xl font-bold tabular-nums" data-testid="change-due">
              {money.format(order.change)}
            </p>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" className="min-h-12" onClick={() => window.print()}>
            Print receipt
          </Button>
          {order.customerEmail && <EmailReceipt order={order} />}
          <Button ref={newSaleRef} className="min-h-12" onClick={onNewSale}>
            New sale
            <kbd className="rounded bg-indigo-500 px-1.5 py-0.5 font-mono text-[11px]">F10</kbd>
          </Button>
        </div>
        {!order.customerEmail && <EmailReceipt order={order} />}
        <p className="text-xs text-gray-500">Enter or F10 starts the next sale.</p>
      </div>
      <div className="shrink-0">
        <PrintableReceipt order={order} />
      </div>
    </section>
  );
}
