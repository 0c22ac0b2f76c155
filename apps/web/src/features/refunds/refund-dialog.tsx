import {
  defaultRefundBack,
  refundShareOf,
  splitOntoGiftCards,
  type Order,
  type OrderLine,
  type Refund,
  type RefundCreateInput,
  type RefundPointsShare,
  tenderLabels,
  type Tender,
} from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { apiErrorOf } from '../../lib/api-error.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { cardRoomOf, refundedUnits, refundPointsPreview, tenderRoomOf, tendersRoomOf, useCreateRefund, useOpenDrawers } from './api.ts';

type Props = { order: Order; refunds: readonly Refund[]; onDone: () => void };
type Errors = { lines: Record<number, string>; payments?: string; storeCredit?: string; giftCard?: string; reason?: string; drawer?: string; form?: string };

/** The drawer choice: a session id, cash paid outside any drawer, or not chosen yet. */
const outsideDrawer = 'outside';

const itemName = (line: OrderLine) => (line.variantName ? `${line.title} · ${line.variantName}` : line.title);

/**
 * Picks what comes back from a sale: units per line (up to what is left), restock or damaged,
 * the payback per tender (the sale's own tenders until the user changes them) and a reason.
 * Amounts are the contract's shares, so what the dialog shows is what the server stores.
 */
export function RefundDialog({ order, refunds, onDone }: Props) {
  const money = useMoney();
  const create = useCreateRefund(order.id);
  const done = refundedUnits(refunds);
  const room = tenderRoomOf(order, refunds);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [damaged, setDamaged] = useState<Record<number, boolean>>({});
  const [typedPayments, setTypedPayments] = useState<Partial<Record<Tender, string>> | null>(null);
  // Store credit goes only to the sale's customer: what credit paid goes back as credit until the user types it (null).
  const [storeCreditText, setStoreCreditText] = useState<string | null>(null);
  const creditRoom = order.customerId === null ? 0 : Math.max(0, order.storeCreditPaid - refunds.reduce((sum, refund) => sum + refund.storeCredit, 0));
  // What goes back onto the gift cards that paid the sale: after the tenders until the user types it (null).
  const [giftCardText, setGiftCardText] = useState<string | null>(null);
  const cards = cardRoomOf(order, refunds);
  const cardRoom = cards.reduce((sum, card) => sum + card.available, 0);
  const [reason, setReason] = useState('');
  const [drawerChoice, setDrawerChoice] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({ lines: {} });

  const chosen = order.lines
    .map((line) => ({ line, left: line.quantity - (done.get(line.id) ?? 0), quantity: quantities[line.id] ?? 0 }))
    // The screen shows totals only; a sold line's net stays on the server (the order answer leaves it out).
    .map((row) => ({ ...row, share: refundShareOf({ ...row.line, net: 0 }, done.get(row.line.id) ?? 0, row.quantity) }));
  const total = chosen.reduce((sum, row) => sum + row.share.total, 0);
  const isLast = chosen.every((row) => row.quantity >= row.left);
  // The part of the sale paid with points goes back as points; the tenders give back the rest.
  const points = total > 0 ? refundPointsPreview(order, refunds, total, isLast) : null;
  const parsedCredit = order.customerId !== null && storeCreditText !== null && storeCreditText.trim() !== '' ? money.parse(storeCreditText) : null;
  const typedCredit = storeCreditText === null ? undefined : parsedCredit?.ok ? parsedCredit.minor : 0;
  const parsedCard = giftCardText !== null && giftCardText.trim() !== '' ? money.parse(giftCardText) : null;
  const typedCard = giftCardText === null ? undefined : parsedCard?.ok ? parsedCard.minor : 0;
  const back = defaultRefundBack(
    Math.max(0, total - (points?.pointsPaidBack ?? 0)),
    { tenders: room, tendersTotal: tendersRoomOf(order, refunds), giftCard: cardRoom, storeCredit: creditRoom },
    { storeCredit: typedCredit, giftCard: typedCard },
  );
  const storeCredit = back.storeCredit;
  const giftCard = back.giftCard;
  const defaults = new Map(back.payments.map((p) => [p.tender, p.amount]));
  const paymentText = (tender: Tender) => typedPayments?.[tender] ?? money.toInput(defaults.get(tender) ?? 0);
  const amountOf = (tender: Tender) => {
    const parsed = money.parse(paymentText(tender));
    return parsed.ok ? parsed.minor : null;
  };
  const cashBack = room.some((r) => r.tender === 'cash') ? (amountOf('cash') ?? 0) : 0;
  const drawers = useOpenDrawers(room.some((r) => r.tender === 'cash'));
  // The sale's own register pays while its drawer is open; otherwise the administrator chooses.
  const ownDrawer = drawers.data?.find((d) => d.registerId === order.registerId);
  const drawer = drawerChoice ?? (ownDrawer ? String(ownDrawer.id) : '');

  function setQuantity(line: OrderLine, left: number, text: string) {
    const value = Math.max(0, Math.min(left, Math.trunc(Number(text) || 0)));
    setQuantities((q) => ({ ...q, [line.id]: value }));
  }

  function capPayment(tender: Tender, available: number) {
    const amount = amountOf(tender);
    if (amount !== null && amount > available) setTypedPayments((p) => ({ ...p, [tender]: money.toInput(available) }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const sent = chosen.filter((row) => row.quantity > 0);
    const payments = room.map(({ tender }) => ({ tender, amount: amountOf(tender) }));
    const next: Errors = { lines: {} };
    if (!reason.trim()) next.reason = 'The reason field is required.';
    if (sent.length === 0) next.form = 'Choose at least one item to refund.';
    const unreadable = room.map(({ tender }) => money.parse(paymentText(tender))).find((parsed) => !parsed.ok);
    if (unreadable && !unreadable.ok) next.payments = unreadable.message;
    if (parsedCredit && !parsedCredit.ok) next.storeCredit = parsedCredit.message;
    if (parsedCard && !parsedCard.ok) next.giftCard = parsedCard.message;
    if (cashBack > 0 && drawer === '') next.drawer = 'Choose the drawer that pays the cash, or record it as paid outside a drawer.';
    setErrors(next);
    if (next.reason || next.form || next.payments || next.storeCredit || next.giftCard || next.drawer) return;
    const input: RefundCreateInput = {
      lines: sent.map((row) => ({ orderLineId: row.line.id, quantity: row.quantity, restock: !damaged[row.line.id] })),
      payments: payments.filter((p) => (p.amount ?? 0) > 0).map((p) => ({ tender: p.tender, amount: p.amount ?? 0 })),
      ...(storeCredit > 0 && { storeCredit }),
      ...(giftCard > 0 && { giftCard }),
      reason: reason.trim(),
      // Only cash comes out of a drawer; a refund without cash leaves the choice to the server (the sale's register's drawer, for its Z report).
      ...(cashBack > 0 && { cashboxSessionId: drawer === outsideDrawer ? null : Number(drawer) }),
    };
    create.mutate(input, { onSuccess: onDone, onError: (error) => setErrors(serverErrors(error, sent.map((row) => row.line.id))) });
  }

  return (
    <Dialog open title={`Refund from ${order.number}`} onClose={onDone}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <div className="overflow-x-auto">
          <table aria-label="Items to refund" className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-gray-500 uppercase">
                <th className="py-1 pr-2">Item</th>
                <th className="py-1 pr-2">Qty</th>
                <th className="py-1 pr-2">Goods</th>
                <th className="py-1 text-right">Amount</th>
              </tr>
            </thead>
            <tbody>
              {chosen.map(({ line, left, quantity, share }) => (
                <tr key={line.id} className="border-t border-gray-100 align-top">
                  <td className="py-2 pr-2">
                    {itemName(line)}
                    <span className="block text-xs text-gray-500">{left > 0 ? `${left} of ${line.quantity} left` : 'All refunded'}</span>
                    {errors.lines[line.id] && <span className="block text-xs text-red-600">{errors.lines[line.id]}</span>}
                  </td>
                  <td className="py-2 pr-2">
                    <TextInput
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      disabled={left === 0}
                      aria-label={`Quantity to refund of ${itemName(line)}`}
                      invalid={Boolean(errors.lines[line.id])}
                      value={String(quantity)}
                      onChange={(e) => setQuantity(line, left, e.target.value)}
                      className="w-16"
                    />
                  </td>
                  <td className="py-2 pr-2">
                    <Select
                      aria-label={`Restock or damaged: ${itemName(line)}`}
                      disabled={left === 0}
                      value={damaged[line.id] ? 'damaged' : 'restock'}
                      onChange={(e) => setDamaged((d) => ({ ...d, [line.id]: e.target.value === 'damaged' }))}
                      className="w-28"
                    >
                      <option value="restock">Restock</option>
                      <option value="damaged">Damaged</option>
                    </Select>
                  </td>
                  <td className="py-2 text-right tabular-nums">{money.format(share.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">Pay back</legend>
          <div className="mt-1.5 flex flex-wrap gap-3">
            {room.map(({ tender, available }) => (
              <Field key={tender} label={tenderLabels[tender]} hint={`Up to ${money.format(available)}`} className="w-32">
                <TextInput
                  inputMode="decimal"
                  value={paymentText(tender)}
                  invalid={Boolean(errors.payments)}
                  onChange={(e) => setTypedPayments((p) => ({ ...Object.fromEntries(room.map((r) => [r.tender, paymentText(r.tender)])), ...p, [tender]: e.target.value }))}
                  onBlur={() => capPayment(tender, available)}
                />
              </Field>
            ))}
            {order.customerId !== null && (
              <Field label="Store credit" hint={`For ${order.customerName ?? 'the customer'}`} error={errors.storeCredit} className="w-32">
                <TextInput inputMode="decimal" placeholder={money.toInput(0)} value={storeCreditText ?? (storeCredit > 0 ? money.toInput(storeCredit) : '')} invalid={Boolean(errors.storeCredit)} onChange={(e) => setStoreCreditText(e.target.value)} />
              </Field>
            )}
            {cards.length > 0 && (
              <Field label={cards.length === 1 ? `Back onto gift card ${cards[0]!.maskedCode}` : 'Back onto gift cards'} hint={`Up to ${money.format(cardRoom)}`} error={errors.giftCard} className="w-56">
                <TextInput inputMode="decimal" value={giftCardText ?? money.toInput(giftCard)} invalid={Boolean(errors.giftCard)} onChange={(e) => setGiftCardText(e.target.value)} />
              </Field>
            )}
          </div>
          {cards.length > 1 && giftCard > 0 && (
            <ul aria-label="Gift cards" className="mt-1.5 text-sm text-gray-700">
              {splitOntoGiftCards(giftCard, cards).map((card) => (
                <li key={card.maskedCode}>{`Back onto gift card ${card.maskedCode}: ${money.format(card.amount)}`}</li>
              ))}
            </ul>
          )}
          {errors.payments && <p className="mt-1.5 text-sm text-red-600">{errors.payments}</p>}
          {points && (points.returned > 0 || points.toTakeBack > 0) && <RefundPointsNote points={points} formatMoney={money.format} />}
        </fieldset>
        {cashBack > 0 && (
          <Field
            label={`${money.format(cashBack)} in cash comes out of`}
            error={errors.drawer}
            hint={
              drawers.isPending
                ? 'Looking for open drawers…'
                : ownDrawer
                  ? `The drawer of ${order.registerName ?? 'the sale’s register'} is open.`
                  : `The drawer of ${order.registerName ?? 'the sale’s register'} is closed: choose an open drawer, or record the cash as paid outside a drawer.`
            }
          >
            <Select value={drawer} onChange={(e) => setDrawerChoice(e.target.value)}>
              {drawer === '' && <option value="">Choose a drawer…</option>}
              {(drawers.data ?? []).map((d) => (
                <option key={d.id} value={String(d.id)}>
                  {d.registerName} · {d.outletName} (open, {d.openedByName})
                </option>
              ))}
              <option value={outsideDrawer}>Paid outside a drawer</option>
            </Select>
          </Field>
        )}
        <Field label="Reason" error={errors.reason}>
          <Textarea rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || total === 0}>
            {create.isPending ? 'Processing…' : `Refund ${money.format(total)}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** What the refund does with the customer's points, as the server will do it. */
function RefundPointsNote({ points, formatMoney }: { points: RefundPointsShare; formatMoney: (minor: number) => string }) {
  const count = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'point' : 'points'}`;
  return (
    <ul aria-label="Points" className="mt-2 text-sm text-gray-700">
      {points.returned > 0 && (
        <li>
          {count(points.returned)} the sale redeemed {points.returned === 1 ? 'goes' : 'go'} back to the customer
          {points.pointsPaidBack > 0 && `: ${formatMoney(points.pointsPaidBack)} of the refund is paid back in points`}.
        </li>
      )}
      {points.toTakeBack > 0 && (
        <li>
          {count(points.toTakeBack)} the sale earned {points.toTakeBack === 1 ? 'is' : 'are'} taken back, as far as the balance allows.
        </li>
      )}
    </ul>
  );
}

/** The server's 422 on the rows it names ("lines.0.quantity" is the first line sent), the rest above the form. */
function serverErrors(error: unknown, sentLineIds: number[]): Errors {
  const { status, message: formMessage, fieldErrors } = apiErrorOf(error);
  if (status !== 422 || Object.keys(fieldErrors).length === 0) return { lines: {}, form: formMessage };
  const result: Errors = { lines: {} };
  const rest: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    const lineIndex = /^lines\.(\d+)\./.exec(field)?.[1];
    const lineId = lineIndex === undefined ? undefined : sentLineIds[Number(lineIndex)];
    if (lineId !== undefined) result.lines[lineId] = message;
    else if (field === 'payments' || field.startsWith('payments.')) result.payments = message;
    else if (field === 'storeCredit') result.storeCredit = message;
    else if (field === 'giftCard') result.giftCard = message;
    else if (field === 'reason') result.reason = message;
    else if (field === 'cashboxSessionId') result.drawer = message;
    else rest.push(message);
  }
  if (rest.length) result.form = rest.join(' ');
  return result;
}
