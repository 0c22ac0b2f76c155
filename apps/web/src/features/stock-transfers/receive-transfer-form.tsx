import type { StockTransfer } from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { VariantPicker, variantLabel, type PickedVariant } from '../../components/variant-picker.tsx';
import { splitFieldErrors } from '../../lib/api-error.ts';
import { cn } from '../../lib/class-names.ts';
import { notify } from '../../lib/notifications.tsx';
import { useReceiveStockTransfer } from './api.ts';
import { countScan, initialCounts, readReceipt, receiveTotals, shortfallOf, type ReceiveCounts } from './form-model.ts';
import { LineTable, lineTh, lineThRight, ProductCell } from '../../components/line-table.tsx';
import { plural } from './transfer-display.tsx';

/**
 * A transfer in transit, received: each line starts at what was sent; type what arrived, or scan
 * the items (a line's first scan starts its count at 1, each further scan adds one). What did not
 * arrive shows as short as it is counted, and is recorded so when received.
 */
export function ReceiveTransferForm({ transfer }: { transfer: StockTransfer }) {
  const receive = useReceiveStockTransfer(transfer.id);
  const [counts, setCounts] = useState<ReceiveCounts>(() => initialCounts(transfer.items));
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [touched, setTouched] = useState<number | null>(null);
  const totals = receiveTotals(transfer.items, counts);

  function type(itemId: number, quantity: string) {
    setCounts((previous) => ({ ...previous, [itemId]: { quantity, counted: true } }));
    setLineErrors(({ [itemId]: _, ...rest }) => rest);
  }

  function scan(v: PickedVariant) {
    const item = transfer.items.find((line) => line.variantId === v.variantId);
    if (!item) {
      setNotice({ tone: 'error', text: `${variantLabel(v)} is not on this transfer.` });
      return;
    }
    const next = countScan(counts, item.id);
    setCounts(next);
    setTouched(item.id);
    setLineErrors(({ [item.id]: _, ...rest }) => rest);
    setNotice({ tone: 'info', text: `${variantLabel(v)}: ${next[item.id]?.quantity} of ${item.quantity.toLocaleString()} counted.` });
  }

  function startFromZero() {
    setCounts(Object.fromEntries(transfer.items.map((item) => [item.id, { quantity: '0', counted: true }])));
    setLineErrors({});
    setNotice({ tone: 'info', text: 'Every line is at 0: scan or type what arrived.' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const read = readReceipt(transfer.items, counts);
    if ('errors' in read) {
      setLineErrors(read.errors);
      return;
    }
    try {
      const received = await receive.mutateAsync(read.input);
      const short = received.items.reduce((sum, item) => sum + (item.shortQuantity ?? 0), 0);
      notify.success(`${received.number} received at ${received.toOutletName}${short ? `: ${plural(short, 'unit')} short` : ''}.`);
    } catch (error) {
      // "items.2.quantity" is the third line sent, which is the third line of the transfer.
      const { onFields, leftOver } = splitFieldErrors(error, (root, name) => root === 'items' && /^items\.\d+\./.test(name));
      const byLine: Record<number, string> = {};
      for (const [field, text] of Object.entries(onFields)) {
        const item = transfer.items[Number(field.split('.')[1])];
        if (item) byLine[item.id] = text;
      }
      setLineErrors(byLine);
      setFormError(leftOver);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Block
        title="Receive"
        actions={
          <Button variant="ghost" className="text-xs" onClick={startFromZero}>
            Count from zero
          </Button>
        }
      >
        <div className="space-y-4">
          <p className="text-sm text-gray-600">
            Each line starts at what was sent. Change what differs, or scan the items as you unpack them: a line’s first scan starts its count at 1.
          </p>
          <VariantPicker label="Scan or find an item" chosenVariantIds={new Set(transfer.items.map((item) => item.variantId))} repeat offerAll={false} onPick={scan} />
          {notice && (
            <p role={notice.tone === 'error' ? 'alert' : 'status'} className={cn('text-sm', notice.tone === 'error' ? 'text-red-600' : 'text-gray-700')}>
              {notice.text}
            </p>
          )}
          <LineTable
            caption="Lines to receive"
            head={
              <>
                <th className={lineTh}>Product</th>
                <th className={lineThRight}>Sent</th>
                <th className={lineTh}>Received</th>
                <th className={lineTh}>
                  <span className="sr-only">Difference</span>
                </th>
              </>
            }
          >
            {transfer.items.map((item) => {
              const typed = counts[item.id]?.quantity ?? '';
              const note = shortfallOf(item.quantity, typed);
              const error = lineErrors[item.id];
              const label = variantLabel(item);
              return (
                <tr key={item.id} className={cn('align-top', touched === item.id && 'bg-indigo-50/60')} data-testid={`line-${item.variantId}`}>
                  <ProductCell line={item} />
                  <td className="py-2 pr-3 text-right tabular-nums">{item.quantity.toLocaleString()}</td>
                  <td className="py-2 pr-3">
                    <TextInput
                      aria-label={`Received of ${label}`}
                      inputMode="numeric"
                      className="w-24"
                      invalid={Boolean(error)}
                      value={typed}
                      onChange={(event) => type(item.id, event.target.value)}
                      // A scanner's Enter in a count must not receive the transfer: only the button does.
                      onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                    />
                    {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap" data-testid={`difference-${item.variantId}`}>
                    {note && <Badge tone={note.tone}>{note.text}</Badge>}
                  </td>
                </tr>
              );
            })}
          </LineTable>
          <p className="text-sm text-gray-700" data-testid="receive-totals">
            {`${plural(totals.received, 'unit')} of ${transfer.unitCount.toLocaleString()} received`}
            {totals.short > 0 && <span className="font-medium text-amber-700">{` · ${totals.short.toLocaleString()} short`}</span>}
          </p>
        </div>
      </Block>
      <div className="flex gap-3">
        <Button type="submit" disabled={receive.isPending}>
          {receive.isPending ? 'Processing' : 'Receive'}
        </Button>
      </div>
    </form>
  );
}
