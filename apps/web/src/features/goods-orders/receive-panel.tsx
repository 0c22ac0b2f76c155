import type { GoodsOrder } from '@tillbook/contract';
import { useState } from 'react';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { VariantPicker, variantLabel, type PickedVariant } from '../../components/variant-picker.tsx';
import { splitFieldErrors } from '../../lib/api-error.ts';
import { cn } from '../../lib/class-names.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useReceiveGoods, type GoodsReceiptAnswer } from './api.ts';
import { quantityOf } from './form-model.ts';
import { cells, plural } from './goods-order-display.tsx';
import { countOneMore, lineForVariant, readReceipt, receivingNoteOf, type ReceiptDraft, type ReceivingCounts } from './receive-model.ts';

const { th, thRight, td, tdNumber } = cells;
const noteTones = { amber: 'text-amber-700 font-medium', gray: 'text-gray-600', green: 'text-green-700 font-medium' } as const;

type LineErrors = Record<number, { quantity?: string; unitCost?: string }>;

/** "Received 12 units into Main store. 3 still to come." */
export function receivedMessage(receipt: GoodsReceiptAnswer): string {
  const left = receipt.order.items.reduce((n, item) => n + item.outstanding, 0);
  return `Received ${plural(receipt.units, 'unit')} into ${receipt.order.outletName}. ${left > 0 ? `${left.toLocaleString()} still to come.` : 'Everything ordered has arrived.'}`;
}

/**
 * Receiving a delivery: scan each item as it comes out of the box (one more on its line per scan)
 * or type how many came; over- and under-receipt show per line as counted. Receiving more than is
 * still to come asks first.
 */
export function ReceivePanel({ order, onReceived }: { order: GoodsOrder; onReceived: (receipt: GoodsReceiptAnswer) => void }) {
  const money = useMoney();
  const receive = useReceiveGoods();
  const [counts, setCounts] = useState<ReceivingCounts>({});
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [scanNote, setScanNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [lastScanned, setLastScanned] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<ReceiptDraft | null>(null);
  const [note, setNote] = useState('');
  const onOrder = new Set(order.items.map((item) => item.variantId));

  function edit(itemId: number, patch: Partial<ReceivingCounts[number]>) {
    setCounts((previous) => ({ ...previous, [itemId]: { quantity: '', unitCost: '', ...previous[itemId], ...patch } }));
    setLineErrors(({ [itemId]: _cleared, ...rest }) => rest);
  }

  function scan(v: PickedVariant) {
    const item = lineForVariant(order.items, counts, v.variantId);
    if (!item) {
      setScanNote({ tone: 'error', text: `${variantLabel(v)} is not on this order.` });
      return;
    }
    const next = countOneMore(counts, item.id);
    setCounts(next);
    setLineErrors(({ [item.id]: _cleared, ...rest }) => rest);
    setLastScanned(item.id);
    setScanNote({ tone: 'info', text: `${variantLabel(v)}: receiving ${next[item.id]?.quantity ?? 1} of ${item.outstanding} still to come.` });
  }

  function receiveAllOutstanding() {
    setCounts((previous) => {
      const next = { ...previous };
      for (const item of order.items) if (item.outstanding > 0) next[item.id] = { unitCost: '', ...previous[item.id], quantity: String(item.outstanding) };
      return next;
    });
    setLineErrors({});
    setMessage(null);
  }

  function start() {
    setMessage(null);
    const read = readReceipt(order.items, counts, money);
    if ('lineErrors' in read) {
      setLineErrors(read.lineErrors);
      setMessage(read.message);
      return;
    }
    setLineErrors({});
    if (read.draft.over.length > 0) setConfirming(read.draft);
    else void send(read.draft, false);
  }

  // Awaited rather than given callbacks: the last delivery closes the order, and the panel leaves the page before they would run.
  async function send(draft: ReceiptDraft, allowOver: boolean) {
    try {
      const receipt = await receive.mutateAsync({ id: order.id, input: { ...draft.input, allowOver, note: note.trim() || null } });
      setConfirming(null);
      setCounts({});
      setNote('');
      setScanNote(null);
      setLastScanned(null);
      notify.success(receivedMessage(receipt));
      onReceived(receipt);
    } catch (error) {
      setConfirming(null);
      // "items.3.quantity" names the payload's fourth line: put it back on that order line.
      const { onFields, leftOver } = splitFieldErrors(error, (root, name) => root === 'items' && /^items\.\d+\.(quantity|unitCost|itemId)$/.test(name));
      const errors: LineErrors = {};
      for (const [field, text] of Object.entries(onFields)) {
        const [, index, key] = field.split('.');
        const itemId = draft.itemIds[Number(index)];
        if (itemId !== undefined) errors[itemId] = { ...errors[itemId], [key === 'unitCost' ? 'unitCost' : 'quantity']: text };
      }
      setLineErrors(errors);
      setMessage(leftOver);
    }
  }

  const counted = order.items.reduce((n, item) => n + (quantityOf(counts[item.id]?.quantity ?? '') ?? 0), 0);
  return (
    <Block
      title="Receive a delivery"
      actions={
        <Button variant="secondary" onClick={receiveAllOutstanding} disabled={order.items.every((item) => item.outstanding === 0)}>
          Receive all outstanding
        </Button>
      }
    >
      <div className="space-y-4">
        <div className="max-w-xl">
          <VariantPicker label="Scan to receive" placeholder="Scan a barcode, or type a name or SKU" chosenVariantIds={onOrder} repeat offerAll={false} onPick={scan} />
          {scanNote && (
            <p role={scanNote.tone === 'error' ? 'alert' : 'status'} className={cn('mt-2 text-sm', scanNote.tone === 'error' ? 'text-red-600' : 'text-gray-700')}>
              {scanNote.text}
            </p>
          )}
        </div>
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Lines to receive</caption>
            <thead className="border-b border-gray-200">
              <tr>
                <th className={th}>Product</th>
                <th className={th}>Supplier SKU</th>
                <th className={thRight}>Ordered</th>
                <th className={thRight}>Received</th>
                <th className={thRight}>Outstanding</th>
                <th className={thRight}>Unit cost</th>
                <th className={th}>Receiving now</th>
                <th className={th}>Received unit cost</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {order.items.map((item) => {
                const label = variantLabel(item);
                const typed = counts[item.id] ?? { quantity: '', unitCost: '' };
                const status = receivingNoteOf(item.outstanding, typed.quantity);
                const errors = lineErrors[item.id];
                return (
                  <tr key={item.id} className={cn(lastScanned === item.id && 'bg-indigo-50/60')} data-testid={`receive-line-${item.id}`}>
                    <td className={td}>
                      <div className="font-medium text-gray-900">{label}</div>
                      <div className="font-mono text-xs whitespace-nowrap text-gray-500">{item.sku}</div>
                      {item.barcode && <div className="font-mono text-xs whitespace-nowrap text-gray-400">{item.barcode}</div>}
                    </td>
                    <td className={`${td} font-mono text-xs`}>{item.supplierSku ?? '—'}</td>
                    <td className={tdNumber}>{item.quantity}</td>
                    <td className={tdNumber}>{item.receivedQuantity}</td>
                    <td className={cn(tdNumber, item.outstanding > 0 ? 'font-medium text-gray-900' : 'text-gray-500')}>{item.outstanding}</td>
                    <td className={tdNumber}>{money.format(item.unitCost)}</td>
                    <td className={td}>
                      <TextInput
                        aria-label={`Receiving now of ${label}`}
                        inputMode="numeric"
                        placeholder="0"
                        className="w-24"
                        invalid={Boolean(errors?.quantity)}
                        value={typed.quantity}
                        onChange={(e) => edit(item.id, { quantity: e.target.value })}
                      />
                      {errors?.quantity ? (
                        <p className="mt-1 text-sm text-red-600">{errors.quantity}</p>
                      ) : (
                        status && (
                          <p className={cn('mt-1 text-xs whitespace-nowrap', noteTones[status.tone])} data-testid={`receive-note-${item.id}`}>
                            {status.text}
                          </p>
                        )
                      )}
                    </td>
                    <td className={td}>
                      <TextInput
                        aria-label={`Received unit cost of ${label}`}
                        inputMode="decimal"
                        placeholder={money.toInput(item.unitCost)}
                        className="w-28"
                        invalid={Boolean(errors?.unitCost)}
                        value={typed.unitCost}
                        onChange={(e) => edit(item.id, { unitCost: e.target.value })}
                      />
                      {errors?.unitCost && <p className="mt-1 text-sm text-red-600">{errors.unitCost}</p>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <label className="block w-full max-w-md text-sm text-gray-700">
            Delivery note (optional)
            <Textarea rows={1} className="mt-1" value={note} onChange={(e) => setNote(e.target.value)} placeholder="Delivery slip number, damage…" />
          </label>
          <Button onClick={start} isBusy={receive.isPending}>
            {receive.isPending ? 'Processing' : counted > 0 ? `Receive ${plural(counted, 'unit')}` : 'Receive'}
          </Button>
          {counted > 0 && (
            <Button
              variant="ghost"
              onClick={() => {
                setCounts({});
                setLineErrors({});
                setMessage(null);
              }}
            >
              Clear counts
            </Button>
          )}
        </div>
        {message && (
          <p role="alert" className="text-sm text-red-600">
            {message}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Receive more than was ordered?"
        confirmLabel="Receive anyway"
        tone="primary"
        isBusy={receive.isPending}
        onConfirm={() => confirming && void send(confirming, true)}
        onCancel={() => setConfirming(null)}
      >
        <p>These lines get more than is still to come; the extra units are added to stock and recorded as an over-receipt:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {confirming?.over.map(({ item, extra }) => (
            <li key={item.id}>
              {variantLabel(item)}: {extra.toLocaleString()} more than ordered
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </Block>
  );
}
