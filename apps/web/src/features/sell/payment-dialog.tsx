import { drawerDue, giftCardsTotal, settlePayments, type GiftCardPaymentInput, type PaymentInput } from '@tillbook/contract';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { GiftCardTender } from './gift-card-tender.tsx';
import { DueAndChange, ExchangePays, PaymentTotal, QuickCash } from './payment-figures.tsx';
import { PaymentList, type Payment } from './payment-list.tsx';
import { maxPointsPaymentOf, PointsHint, pointsPaymentOf, type PointsPayment, type PointsTender } from './points-tender.tsx';
import { altDigitsOf, choiceLabels, choiceOfKey, choicesOf, kbdClass, TenderChoices, type Choice } from './tender-choices.tsx';
import { maxStoreCreditOf, StoreCreditHint, storeCreditProblemOf, type StoreCreditTender } from './store-credit-tender.tsx';
import { noGiftCards, useGiftCardPayments, type PaymentGiftCards } from './use-gift-card-payments.ts';
import type { PaymentExchange } from './till-exchange.tsx';

type PaymentDialogProps = {
  open: boolean;
  /** The sale's total, in minor units. */
  total: number;
  /** Points as a tender, when the sale's customer can pay with them; null otherwise. */
  points?: PointsTender | null;
  /** The customer's store credit as a tender, when they have some; null otherwise. */
  storeCredit?: StoreCreditTender | null;
  giftCards?: PaymentGiftCards;
  /** Goods returned in an exchange: they pay first what the drawer's tenders would owe. */
  exchange?: PaymentExchange | null;
  isSubmitting: boolean;
  /** The server's message when the sale was refused. */
  error: string | null;
  onCancel: () => void;
  /** `points`, `storeCredit` and `giftCards` (cards paying): offered as tenders; the payments cover the rest and the cards sold. */
  onComplete: (payments: PaymentInput[], points: number, storeCredit: number, giftCards: GiftCardPaymentInput[]) => void;
};

/** Taking payment for a sale: one tender or several, with change out of the cash. */
export function PaymentDialog({ open, total, points = null, storeCredit = null, giftCards = noGiftCards, exchange = null, isSubmitting, error, onCancel, onComplete }: PaymentDialogProps) {
  const cancel = () => {
    // The sale is on its way to the server; leaving now would hide whether it was made.
    if (!isSubmitting) onCancel();
  };
  return (
    <Dialog open={open} title="Take payment" onClose={cancel}>
      {/* Mounted only while open, so each sale starts with no payments. */}
      <PaymentForm total={total} points={points} storeCredit={storeCredit} giftCards={giftCards} exchange={exchange} isSubmitting={isSubmitting} error={error} onCancel={cancel} onComplete={onComplete} />
    </Dialog>
  );
}

type PaymentFormProps = Omit<PaymentDialogProps, 'open'>;

function PaymentForm({ total, points, storeCredit, giftCards = noGiftCards, exchange = null, isSubmitting, error, onCancel, onComplete }: PaymentFormProps) {
  const money = useMoney();
  const decimal = (minor: number) => (minor > 0 ? money.toInput(minor) : '');
  const soldTotal = giftCardsTotal(giftCards.sold);
  const [payments, setPayments] = useState<Payment[]>([]);
  const [pointsPayment, setPointsPayment] = useState<PointsPayment | null>(null);
  const [creditPaid, setCreditPaid] = useState(0);
  const [tender, setTender] = useState<Choice>('cash');
  const [reference, setReference] = useState('');
  const [amountText, setAmountText] = useState(() => decimal(Math.max(0, total + soldTotal - (exchange?.value ?? 0))));
  const [amountError, setAmountError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const dueBeforeCredit = total - (pointsPayment?.amount ?? 0);
  const cards = useGiftCardPayments({
    isActive: tender === 'giftCard',
    goodsLeft: dueBeforeCredit - creditPaid,
    soldCodes: giftCards.sold.map((card) => card.code),
    refusals: giftCards.refusals,
    onFound: (offered) => {
      setAmountText(decimal(offered));
      focusAmount();
    },
    onScanned: (code) => setAmountText((typed) => (typed.endsWith(code) ? typed.slice(0, -code.length) : typed)),
  });

  // Points, store credit and gift cards pay their part of the goods first; then an exchange's returned goods; cash, card and other cover the rest and the cards sold.
  const owedWith = (paidWithPoints: PointsPayment | null, credit = creditPaid, cardsPaid = cards.total) =>
    drawerDue({ goodsDue: total - (paidWithPoints?.amount ?? 0), storeCredit: credit, giftCardsPaid: cardsPaid, giftCardsSold: soldTotal });
  const settleWith = (paidWithPoints: PointsPayment | null, rows: Payment[], credit = creditPaid, cardsPaid = cards.total) =>
    settlePayments(Math.max(0, owedWith(paidWithPoints, credit, cardsPaid) - (exchange?.value ?? 0)), rows, money.format);
  const settlement = settleWith(pointsPayment, payments);
  const due = settlement.ok ? 0 : settlement.due;
  const change = settlement.ok ? settlement.change : 0;
  // The balance read again (the server refused the points: another till spent them) may no longer hold what was offered.
  const pointsProblem = !pointsPayment ? null : points ? points.check(pointsPayment.points).message : 'Points can no longer pay for this sale: remove them.';
  const creditProblem = storeCreditProblemOf(storeCredit ?? null, creditPaid, dueBeforeCredit, money.format);
  const canComplete = settlement.ok && !isSubmitting && pointsProblem === null && creditProblem === null && !cards.isBlocked;
  const choices = choicesOf(points !== null, storeCredit !== null);
  const parsedAmount = money.parse(amountText);
  const typedAmount = parsedAmount.ok ? parsedAmount.minor : null;

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
  function afterChange(paidWithPoints: PointsPayment | null, rows: Payment[], credit = creditPaid, cardsPaid = cards.total) {
    const left = settleWith(paidWithPoints, rows, credit, cardsPaid);
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

  /** A card found and judged; the cashier goes on in cash. */
  async function addGiftCard(amount: number) {
    const added = await cards.add(amount);
    if (added.ok) {
      setTender('cash');
      return afterChange(pointsPayment, payments, creditPaid, added.total);
    }
    setAmountError(added.amountError);
    if (added.amountError) focusAmount();
  }

  function addTypedPayment() {
    // A gift card's amount is offered once the card is found: Add without one finds it first.
    if (tender === 'giftCard' && !amountText.trim()) return cards.entry.find();
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
    if (tender === 'giftCard') return void addGiftCard(amount);
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
      cards.payments,
    );
  }

  function pickTender(next: Choice) {
    if (!choices.includes(next)) return;
    setTender(next);
    setAmountError(null);
    // Points start from what they may pay of what is left (a new points payment replaces the one taken).
    if (next === 'points' && points) setAmountText(decimal(Math.min(due + (pointsPayment?.amount ?? 0), points.room.maxAmount)));
    if (next === 'storeCredit' && storeCredit) setAmountText(decimal(maxStoreCreditOf(storeCredit, dueBeforeCredit)));
    // A card's code comes first; its amount is offered once it is found.
    if (next !== 'giftCard') return focusAmount();
    setAmountText('');
    window.setTimeout(() => cards.codeRef.current?.focus(), 0);
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
      <PaymentTotal total={total} giftCardsSold={soldTotal} />
      {exchange && <ExchangePays exchange={exchange} owed={owedWith(pointsPayment)} />}

      <TenderChoices choices={choices} tender={tender} onPick={pickTender} />
      {tender === 'giftCard' && <GiftCardTender entry={cards.entry} codeRef={cards.codeRef} disabled={isSubmitting} />}

      <div className="flex items-start gap-2">
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
        <Button variant="secondary" className="mt-[1.625rem] min-h-11" onClick={addTypedPayment} disabled={isSubmitting}>
          Add
        </Button>
      </div>

      {tender === 'cash' && due > 0 && <QuickCash due={due} disabled={isSubmitting} onPay={(amount) => addPayment({ tender: 'cash', amount, reference: '' })} />}
      {tender === 'points' && points && (
        <PointsHint tender={points} amount={typedAmount} disabled={isSubmitting} onMax={() => addPointsPayment(maxPointsPaymentOf(points))} />
      )}
      {tender === 'storeCredit' && storeCredit && (
        <StoreCreditHint tender={storeCredit} due={dueBeforeCredit} amount={typedAmount} disabled={isSubmitting} onMax={() => addStoreCredit(maxStoreCreditOf(storeCredit, dueBeforeCredit))} />
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
        giftCards={cards.payments.map((card) => ({ ...card, problem: cards.problems[card.code] }))}
        disabled={isSubmitting}
        onRemove={removePayment}
        onRemovePoints={removePointsPayment}
        onRemoveStoreCredit={() => {
          setCreditPaid(0);
          afterChange(pointsPayment, payments, 0);
        }}
        onRemoveGiftCard={(index) => afterChange(pointsPayment, payments, creditPaid, cards.remove(index))}
      />

      <DueAndChange due={due} change={change} />

      {isOverpaid && <Alert tone="error">{settlement.message}</Alert>}
      {pointsProblem && <Alert tone="error">{pointsProblem}</Alert>}
      {creditProblem && <Alert tone="error">{creditProblem}</Alert>}
      {!settlement.ok && !isOverpaid && (payments.length > 0 || pointsPayment || creditPaid > 0 || cards.total > 0) && <p className="text-sm text-gray-600">{settlement.message}</p>}
      {error && <Alert tone="error">{error}</Alert>}

      <div className="mt-2 flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel <kbd className={kbdClass}>Esc</kbd>
        </Button>
        <Button className="min-h-11" onClick={complete} disabled={!canComplete}>
          {isSubmitting ? 'Processing' : exchange ? 'Complete exchange' : 'Complete sale'}
        </Button>
      </div>
      <p className="text-xs text-gray-500">
        Enter adds the amount, or completes the sale once it is paid. Alt+{altDigitsOf(choices)} also pick the tender.
      </p>
    </div>
  );
}
