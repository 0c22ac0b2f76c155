import { type Refund, type SaleForReturn, tenderLabels } from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { apiErrorOf } from '../../lib/api-error.ts';
import { useApproval } from '../../lib/approvals.tsx';
import { useDateFormat, useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { useBarcodeScanner } from './barcode-scanner.ts';
import { useIsOnline } from './gift-card-lookup.ts';
import type { LocalCatalogueState } from './local-catalogue-types.ts';
import { NoReceiptReturn } from './no-receipt-return.tsx';
import { ReturnDone, type RefundReceiptSlot } from './return-done.tsx';
import { ReturnLines } from './return-lines.tsx';
import { ReturnReason } from './return-reason.tsx';
import {
  exchangeOf,
  previewReturn,
  returnInput,
  returnOfflineMessage,
  returnRefusalOf,
  useCreateReturn,
  useSaleLookup,
  type ReturnMoney,
  type TillDrawer,
  type TillExchange,
} from './use-return.ts';

type Props = {
  open: boolean;
  /** The till's open drawer: cash goes back out of it. */
  drawer: TillDrawer;
  onClose: () => void;
  /** The refund receipt's print / e-mail area, shown once the return is stored. */
  receipt?: RefundReceiptSlot;
  /** "Exchange": the chosen goods come back as part of the next sale, which they pay for (none: no exchange offered). */
  onExchange?: (exchange: TillExchange) => void;
  /** The till's catalogue copy: goods brought back without a receipt are found in it (none: no such returns here). */
  catalogue?: LocalCatalogueState;
};

type Errors = { number?: string; lines: Record<number, string>; reason?: string; money?: string; cardReference?: string; form?: string };

/** "Return" at the till: find the sale by its receipt, choose what comes back and how the money goes back. */
export function ReturnDialog({ open, drawer, onClose, receipt, onExchange, catalogue }: Props) {
  return (
    <Dialog open={open} title="Return" onClose={onClose}>
      <ReturnForm drawer={drawer} onClose={onClose} receipt={receipt} onExchange={onExchange} catalogue={catalogue} />
    </Dialog>
  );
}

function ReturnForm({ drawer, onClose, receipt, onExchange, catalogue }: Omit<Props, 'open'>) {
  const money = useMoney();
  const { cashierRights } = useShopSettings();
  const isOnline = useIsOnline();
  // The shop's rule for everyone at the till; the server holds to it whatever the screen offers.
  const noReceiptRule = catalogue && cashierRights.noReceiptReturns !== 'never' ? cashierRights.noReceiptReturns : null;
  const [isNoReceipt, setNoReceipt] = useState(false);
  const dates = useDateFormat();
  const lookup = useSaleLookup();
  const create = useCreateReturn();
  const approval = useApproval();
  const [number, setNumber] = useState('');
  const [sale, setSale] = useState<SaleForReturn | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [restock, setRestock] = useState<Record<number, boolean>>({});
  const [reason, setReason] = useState('');
  const [cardReference, setCardReference] = useState('');
  const [moneyMode, setMoneyMode] = useState<ReturnMoney>('tenders');
  const [errors, setErrors] = useState<Errors>({ lines: {} });
  const [done, setDone] = useState<{ refund: Refund; customerEmail: string | null } | null>(null);

  function find(event: FormEvent) {
    event.preventDefault();
    findSale(number.trim());
  }

  function findSale(typed: string) {
    if (!typed) return setErrors({ lines: {}, number: 'Scan the receipt’s barcode or type the order number.' });
    lookup.mutate(typed, {
      onSuccess: (found) => {
        setSale(found);
        setQuantities({});
        setRestock({});
        setMoneyMode('tenders');
        setErrors({ lines: {} });
      },
      onError: (error) => setErrors({ lines: {}, number: apiErrorOf(error).fieldErrors.number ?? apiErrorOf(error).message }),
    });
  }

  // A receipt scanned wherever the focus is: its number is looked up (and taken out of a reason it was typed into).
  useBarcodeScanner(
    (code) => {
      // A PIN typed fast in the approval dialog is not a receipt.
      if (document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'password') return;
      setNumber(code);
      setReason((typed) => (typed.endsWith(code) ? typed.slice(0, -code.length) : typed));
      findSale(code);
    },
    { enabled: done === null && !isNoReceipt },
  );

  function startAgain() {
    setDone(null);
    setNoReceipt(false);
    setSale(null);
    setNumber('');
    setReason('');
    setErrors({ lines: {} });
  }

  if (done) return <ReturnDone refund={done.refund} customerEmail={done.customerEmail} receipt={receipt} onAnother={startAgain} onClose={onClose} />;
  const offline = !isOnline && <Alert tone="warning">{returnOfflineMessage}</Alert>;
  if (isNoReceipt && catalogue && noReceiptRule) {
    return (
      <div className="flex flex-col gap-4">
        {offline}
        <NoReceiptReturn
          drawer={drawer}
          catalogue={catalogue}
          rule={noReceiptRule}
          moneyUpTo={cashierRights.noReceiptMoneyUpTo}
          onBack={() => setNoReceipt(false)}
          onCancel={onClose}
          onDone={(refund, customerEmail) => setDone({ refund, customerEmail })}
        />
      </div>
    );
  }

  const preview = sale ? previewReturn(sale, quantities, moneyMode) : null;

  /** The reason and at least one item: said on their fields before anything is sent. */
  function isReady(): boolean {
    const next: Errors = { lines: {} };
    if (!reason.trim()) next.reason = 'The reason field is required.';
    if (preview?.lines.every((l) => l.quantity === 0)) next.form = 'Choose at least one item to return.';
    setErrors(next);
    return !next.reason && !next.form;
  }

  function exchange() {
    if (!sale || !preview || !onExchange || !isReady()) return;
    onExchange(exchangeOf(sale, preview, restock, reason));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!sale || !preview || !isReady()) return;
    const input = returnInput(preview, restock, reason, drawer.id, cardReference);
    const sentLineIds = input.lines.map((l) => l.orderLineId);
    const showErrors = (error: unknown) => setErrors(serverErrors(error, sentLineIds));
    const send = async (body: typeof input) => setDone({ refund: await create.mutateAsync({ orderId: sale.id, input: body }), customerEmail: null });
    send(input).catch((error: unknown) => {
      if (approval.handles(error, (given) => send({ ...input, approval: given }), showErrors)) return;
      showErrors(error);
    });
  }

  const totals = Object.fromEntries((preview?.lines ?? []).map((l) => [l.lineId, l.total]));
  const tendersText = preview?.payments.map((p) => `${money.format(p.amount)} ${p.tender === 'cash' ? `in cash from the drawer of ${drawer.registerName}` : `by ${tenderLabels[p.tender].toLowerCase()}`}`) ?? [];
  const cardsText = preview?.giftCards.map((card) => `${money.format(card.amount)} back onto gift card ${card.maskedCode}`) ?? [];
  const creditText = preview && preview.storeCredit > 0 && moneyMode === 'tenders' ? [`${money.format(preview.storeCredit)} as store credit`] : [];
  // A card that has expired still takes its money back (the shop can move the balance); store credit is the other way.
  const expired = preview?.giftCards.filter((card) => card.expiresAt !== null && new Date(card.expiresAt) <= new Date()) ?? [];

  return (
    <div className="flex flex-col gap-4">
      {offline}
      <form onSubmit={find} noValidate className="flex items-end gap-2">
        <Field label="Receipt or order number" error={errors.number} hint={sale ? undefined : 'Scan the barcode on the receipt, or type the number and press Enter.'} className="flex-1">
          <TextInput autoFocus autoComplete="off" value={number} invalid={Boolean(errors.number)} onChange={(e) => setNumber(e.target.value)} placeholder="MAIN-000123" />
        </Field>
        <Button type="submit" variant="secondary" isBusy={lookup.isPending}>
          Find
        </Button>
        {noReceiptRule && (
          <Button variant="ghost" onClick={() => setNoReceipt(true)}>
            No receipt?
          </Button>
        )}
      </form>
      {sale && preview && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={`Return from ${sale.number}`}>
          <section aria-label="Sale" className="rounded-md bg-gray-50 px-3 py-2">
            <p className="font-medium text-gray-900">{sale.number}</p>
            <p className="text-xs text-gray-600">
              {dates.dateTime(sale.createdAt)} · {sale.outletName}
              {sale.registerName && ` · ${sale.registerName}`} · {sale.customerName ?? 'No customer'}
            </p>
          </section>
          {errors.form && <Alert tone="error">{errors.form}</Alert>}
          <ReturnLines
            lines={sale.lines}
            quantities={quantities}
            restock={restock}
            totals={totals}
            errors={errors.lines}
            onQuantity={(lineId, quantity) => setQuantities((q) => ({ ...q, [lineId]: quantity }))}
            onRestock={(lineId, back) => setRestock((r) => ({ ...r, [lineId]: back }))}
          />
          <ReturnReason value={reason} error={errors.reason} onChange={setReason} />
          <ChoiceGroup<ReturnMoney>
            legend="Money back"
            value={moneyMode}
            onChange={setMoneyMode}
            error={errors.money}
            options={[
              { value: 'tenders', label: 'As it was paid', description: [...tendersText, ...cardsText, ...creditText].join(', ') || 'Nothing yet' },
              ...(sale.customerId !== null ? [{ value: 'storeCredit' as const, label: 'As store credit', description: `For ${sale.customerName ?? 'the customer'}` }] : []),
            ]}
          />
          {expired.map((card) => (
            <p key={card.maskedCode} className="text-sm text-amber-800">
              Gift card {card.maskedCode} has expired: the money still goes back onto it, and the shop can move its balance
              {sale.customerId !== null ? ', or give it as store credit.' : '.'}
            </p>
          ))}
          {preview.payments.some((p) => p.tender === 'card') && (
            <Field label="Card refund reference (optional)" hint="What the card terminal printed for the refund." error={errors.cardReference}>
              <TextInput autoComplete="off" maxLength={120} value={cardReference} onChange={(e) => setCardReference(e.target.value)} />
            </Field>
          )}
          {preview.points && preview.points.pointsPaidBack > 0 && (
            <p className="text-sm text-gray-700">{money.format(preview.points.pointsPaidBack)} the sale paid with points goes back as points.</p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            {onExchange && (
              <Button variant="secondary" onClick={exchange} disabled={create.isPending || preview.lines.every((l) => l.quantity === 0)}>
                Exchange
              </Button>
            )}
            <Button type="submit" isBusy={create.isPending} disabled={preview.lines.every((l) => l.quantity === 0)}>
              {`Refund ${money.format(preview.total)}`}
            </Button>
          </div>
        </form>
      )}
      {approval.dialog}
    </div>
  );
}

/** The server's 422 on the line it names, the money, the reason; the rest above. */
function serverErrors(error: unknown, sentLineIds: number[]): Errors {
  const { lines, fields, form } = returnRefusalOf(error, sentLineIds, (field): keyof Errors | undefined => {
    if (field === 'reason') return 'reason';
    if (/^payments\.\d+\.reference$/.test(field)) return 'cardReference';
    if (/^(payments|storeCredit|giftCard|cashboxSessionId)(\.|$)/.test(field)) return 'money';
    return undefined;
  });
  return { ...fields, lines, form };
}
