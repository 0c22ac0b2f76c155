import { settlePayments, type PaymentInput } from '@tillbook/contract';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { cn } from '../../lib/class-names.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { quickCashAmounts } from './payment-quick-amounts.ts';
import { PaymentList, type Payment } from './payment-list.tsx';
import { maxPointsPaymentOf, PointsHint, pointsPaymentOf, type PointsPayment, type PointsTender } from './points-tender.tsx';
import { altDigitsOf, choiceLabels, choiceOfKey, choicesOf, kbdClass, TenderChoices, type Choice } from './tender-choices.tsx';
import { maxStoreCreditOf, StoreCreditHint, storeCreditProblemOf, type StoreCreditTender } from './store-credit-tender.tsx';

type PaymentDialogProps = {
  open: boolean;
  /** The sale's total, in minor units. */
  total: number;
  /** Points as a tender, when the sale's customer can pay with them; null otherwise. */
  points?: PointsTender | null;
  /** The customer's store credit as a tender, when they have some; null otherwise. */
  storeCredit?: StoreCreditTender | null;
  isSubmitting: boolean;
  /** The server's message when the sale was refused. */
  error: string | null;
  onCancel: () => void;
  /** `points` and `storeCredit`: offered as tenders (0 for none); the payments cover the total less what they pay. */
  onComplete: (payments: PaymentInput[], points: number, storeCredit: number) => void;
};

/** Taking payment for a sale: one tender or several, with change out of the cash. */
export function PaymentDialog({ open, total, points = null, storeCredit = null, isSubmitting, error, onCancel, onComplete }: PaymentDialogProps) {
  const cancel = () => {
    // The sale is on its way to the server; leaving now would hide whether it was made.
    if (!isSubmitting) onCancel();
  };
  return (
    <Dialog open={open} title="Take payment" onClose={cancel}>
      {/* Mounted only while open, so each sale starts with no payments. */}
      <PaymentForm total={total} points={points} storeCredit={storeCredit} isSubmitting={isSubmitting} error={error} onCancel={cancel} onComplete={onComplete} />
    </Dialog>
  );
}

type PaymentFormProps = Omit<PaymentDialogProps, 'open'>;

function PaymentForm({ total, points, storeCredit, isSubmitting, error, onCancel, onComplete }: PaymentFormProps) {
  const money = useMoney();
  const [payments, setPayments] = useState<Payment[]>([]);
  const [pointsPayment, setPointsPayment] = useState<PointsPayment | null>(null);
  const [creditPaid, setCreditPaid] = useState(0);
  const [tender, setTender] = useState<Choice>('cash');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  // Points and store credit pay their part first; cash, card and other cover the rest.
  const settleWith = (paidWithPoints: PointsPayment | null, rows: Payment[], credit = creditPaid) =>
    settlePayments(total - (paidWithPoints?.amount ?? 0) - credit, rows, money.format);
  const dueBeforeCredit = total - (pointsPayment?.amount ?? 0);
  const settlement = settleWith(pointsPayment, payments);
  const due = settlement.ok ? 0 : settlement.due;
  const change = settlement.ok ? settlement.change : 0;
  const decimal = (minor: number) => (minor > 0 ? money.toInput(minor) : '');
  const [amountText, setAmountText] = useState(() => decimal(total));
  // The balance read again (the server refused the points: another till spent them) may no longer hold what was offered.
  const pointsProblem = !pointsPayment ? null : points ? points.check(pointsPayment.points).message : 'Points can no longer pay for this sale: remove them.';
  const creditProblem = storeCreditProblemOf(storeCredit ?? null, creditPaid, dueBeforeCredit, money.format);
  const canComplete = settlement.ok && !isSubmitting && pointsProblem === null && creditProblem === null;
  const choices = choicesOf(points !== null, storeCredit !== null);
  const parsedAmount = money.parse(amountText);

  function focusAmount() {
    amountRef.current?.focus();
    amountRef.current?.select();
  }

  useEffect(() => {
    // The native dialog moves focus to its first button as it opens; take it after that.
    const timer = window.setTimeout(focusAmount, 0);
    return () => window.clearTimeout(timer);
  }, []);

  /** The amount field offers what is left to pay after a change of payments. */
  function afterChange(paidWithPoints: PointsPayment | null, rows: Payment[], credit = creditPaid) {
    const left = settleWith(paidWithPoints, rows, credit);
    setAmountText(left.ok ? '' : decimal(left.due));
    setReference('');
    setAmountError(null);
    focusAmount();
  }

  function addPayment(next: Payment) {
    const updated = [...payments, next];
    setPayments(updated);
    afterChange(pointsPayment, updated);
  }

  /** One points payment per sale: a new one replaces the last. The cashier goes on in cash. */
  function addPointsPayment(result: ReturnType<typeof pointsPaymentOf>) {
    if (!result.ok) {
      setAmountError(result.message);
      focusAmount();
      return;
    }
    setPointsPayment(result.payment);
    setTender('cash');
    afterChange(result.payment, payments);
  }

  /** One store credit payment per sale, like points: a new one replaces the last. */
  function addStoreCredit(amount: number) {
    const problem = storeCreditProblemOf(storeCredit ?? null, amount, dueBeforeCredit, money.format);
    if (problem) {
      setAmountError(problem);
      focusAmount();
      return;
    }
    setCreditPaid(amount);
    setTender('cash');
    afterChange(pointsPayment, payments, amount);
  }

  function addTypedPayment() {
    const amount = parsedAmount.ok ? parsedAmount.minor : null;
    if (amount === null || amount <= 0) {
      setAmountError(!parsedAmount.ok && parsedAmount.error !== 'empty' ? parsedAmount.message : `Enter an amount greater than zero, like ${money.example}.`);
      focusAmount();
      return;
    }
    if (tender === 'points') {
      if (points) addPointsPayment(pointsPaymentOf(points, amount));
      return;
    }
    if (tender === 'storeCredit') return addStoreCredit(amount);
    addPayment({ tender, amount, reference: tender === 'cash' ? '' : reference.trim() });
  }

  function removePayment(index: number) {
    const updated = payments.filter((_, i) => i !== index);
    setPayments(updated);
    afterChange(pointsPayment, updated);
  }

  function removePointsPayment() {
    setPointsPayment(null);
    afterChange(null, payments);
  }

  function complete() {
    if (!canComplete) return;
    onComplete(
      payments.map((p) => ({ tender: p.tender, amount: p.amount, ...(p.reference ? { reference: p.reference } : {}) })),
      pointsPayment?.points ?? 0,
      creditPaid,
    );
  }

  function pickTender(next: Choice) {
    if (!choices.includes(next)) return;
    setTender(next);
    setAmountError(null);
    // Points start from what they may pay of what is left (a new points payment replaces the one taken).
    if (next === 'points' && points) setAmountText(decimal(Math.min(due + (pointsPayment?.amount ?? 0), points.room.maxAmount)));
    if (next === 'storeCredit' && storeCredit) setAmountText(decimal(maxStoreCreditOf(storeCredit, dueBeforeCredit)));
    focusAmount();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const picked = choiceOfKey(event, choices);
    if (picked) {
      event.preventDefault();
      pickTender(picked);
    } else if (event.key === 'Escape') {
      // Handled here so the dialog's own cancel does not run a second time.
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      if (isSubmitting) return;
      if (amountText.trim()) addTypedPayment();
      else complete();
    }
  }

  const isOverpaid = !settlement.ok && settlement.due === 0;
  return (
    <div onKeyDown={onKeyDown} className="flex flex-col gap-4">
      <p className="text-base">
        Total <span className="font-semibold tabular-nums text-gray-900">{money.format(total)}</span>
      </p>

      <TenderChoices choices={choices} tender={tender} onPick={pickTender} />

      <div className="flex items-end gap-2">
        <Field label={`${choiceLabels[tender]} amount`} error={amountError ?? undefined} className="flex-1">
          <TextInput
            ref={amountRef}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              setAmountError(null);
            }}
            className="text-lg tabular-nums"
          />
        </Field>
        <Button variant="secondary" className="min-h-11" onClick={addTypedPayment} disabled={isSubmitting}>
          Add
        </Button>
      </div>

      {tender === 'cash' && due > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick cash">
          {[due, ...quickCashAmounts(due, money.fractionDigits)].map((amount, index) => (
            <Button
              key={amount}
              variant="secondary"
              className="min-h-11 normal-case"
              disabled={isSubmitting}
              onClick={() => addPayment({ tender: 'cash', amount, reference: '' })}
            >
              {index === 0 ? 'Exact' : money.format(amount)}
            </Button>
          ))}
        </div>
      )}
      {tender === 'points' && points && (
        <PointsHint
          tender={points}
          amount={parsedAmount.ok ? parsedAmount.minor : null}
          disabled={isSubmitting}
          onMax={() => addPointsPayment(maxPointsPaymentOf(points))}
        />
      )}
      {tender === 'storeCredit' && storeCredit && (
        <StoreCreditHint
          tender={storeCredit}
          due={dueBeforeCredit}
          amount={parsedAmount.ok ? parsedAmount.minor : null}
          disabled={isSubmitting}
          onMax={() => addStoreCredit(maxStoreCreditOf(storeCredit, dueBeforeCredit))}
        />
      )}
      {(tender === 'card' || tender === 'other') && (
        <Field label="Reference (optional)" hint="The slip or approval number.">
          <TextInput value={reference} maxLength={120} autoComplete="off" onChange={(event) => setReference(event.target.value)} />
        </Field>
      )}

      <PaymentList
        payments={payments}
        pointsPayment={pointsPayment}
        storeCredit={creditPaid}
        disabled={isSubmitting}
        onRemove={removePayment}
        onRemovePoints={removePointsPayment}
        onRemoveStoreCredit={() => {
          setCreditPaid(0);
          afterChange(pointsPayment, payments, 0);
        }}
      />

      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-md bg-gray-50 px-3 py-2">
          <dt className="text-xs font-semibold uppercase text-gray-500">Still due</dt>
          <dd className="text-3xl font-bold tabular-nums text-gray-900" data-testid="still-due">
            {money.format(due)}
          </dd>
        </div>
        <div className={cn('rounded-md px-3 py-2', change > 0 ? 'bg-green-50' : 'bg-gray-50')}>
          <dt className="text-xs font-semibold uppercase text-gray-500">Change</dt>
          <dd className="text-3xl font-bold tabular-nums text-gray-900" data-testid="change">
            {money.format(change)}
          </dd>
        </div>
      </dl>

      {isOverpaid && <Alert tone="error">{settlement.message}</Alert>}
      {pointsProblem && <Alert tone="error">{pointsProblem}</Alert>}
      {creditProblem && <Alert tone="error">{creditProblem}</Alert>}
      {!settlement.ok && !isOverpaid && (payments.length > 0 || pointsPayment || creditPaid > 0) && <p className="text-sm text-gray-600">{settlement.message}</p>}
      {error && <Alert tone="error">{error}</Alert>}

      <div className="mt-2 flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel <kbd className={kbdClass}>Esc</kbd>
        </Button>
        <Button className="min-h-11" onClick={complete} disabled={!canComplete}>
          {isSubmitting ? 'Processing' : 'Complete sale'}
        </Button>
      </div>
      <p className="text-xs text-gray-500">
        Enter adds the amount, or completes the sale once it is paid. Alt+{altDigitsOf(choices)} also pick the tender.
      </p>
    </div>
  );
}
