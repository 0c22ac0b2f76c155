import type { Refund } from '@tillbook/contract';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { RefundReceiptActions } from '../../lib/refund-receipt-actions.tsx';
import { useMoney } from '../../lib/shop-settings.ts';

/** What a return's receipt area shows: printing and e-mailing the refund receipt (issue 16). */
export type RefundReceiptSlot = (refund: Refund) => ReactNode;

/** "$5.00 back in cash, $2.00 back onto gift card •••• 3456 and $3.00 as store credit": where the money of a stored refund went. */
export function moneyBackOf(refund: Refund, format: (minor: number) => string): string {
  const parts = [
    ...refund.payments.map(
      (p) => `${format(p.amount)} ${p.tender === 'cash' ? 'back in cash' : p.tender === 'card' ? `back to the card${p.reference ? ` (reference ${p.reference})` : ''}` : 'back by other means'}`,
    ),
    ...refund.giftCards.map((card) => `${format(card.amount)} back onto gift card ${card.maskedCode}`),
    ...(refund.storeCredit > 0 ? [`${format(refund.storeCredit)} as store credit`] : []),
    ...(refund.points && refund.points.pointsPaidBack > 0 ? [`${format(refund.points.pointsPaidBack)} back as points`] : []),
  ];
  if (parts.length === 0) return `${format(refund.total)}: nothing to pay back`;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The return is stored: what went back, the refund receipt (print, PDF, e-mail), and the next
 * step. `receipt` replaces the receipt's area when a screen wants its own.
 */
export function ReturnDone({
  refund,
  customerEmail,
  receipt,
  onAnother,
  onClose,
}: {
  refund: Refund;
  customerEmail: string | null;
  receipt?: RefundReceiptSlot;
  onAnother: () => void;
  onClose: () => void;
}) {
  const money = useMoney();
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="success">
        Refund {refund.number}: {moneyBackOf(refund, money.format)}.
        {refund.approval && ` Approved by ${refund.approval.approverName}.`}
      </Alert>
      {/* The refund receipt: print and e-mail (lib/refund-receipt-actions.tsx), or the screen's own through `receipt`. */}
      <section aria-label="Refund receipt">{receipt ? receipt(refund) : <RefundReceiptActions refundId={refund.id} customerEmail={customerEmail} />}</section>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onAnother}>
          Another return
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}
