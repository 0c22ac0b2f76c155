import { stockTransferStatusLabels, type StockTransfer, type StockTransferStatus } from '@tillbook/contract';
import { LineTable, lineTh, lineThRight, ProductCell } from '../../components/line-table.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Block } from '../../components/ui/block.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';

const tones = { draft: 'gray', sent: 'indigo', received: 'green', cancelled: 'red' } as const;

/** Draft · In transit · Received · Cancelled. */
export function TransferStatusBadge({ status }: { status: StockTransferStatus }) {
  return <Badge tone={tones[status]}>{stockTransferStatusLabels[status]}</Badge>;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "Main store → Harbour Road"; `stacked`: the destination under the source (a narrow column). */
export function Route({ from, to, stacked = false }: { from: string; to: string; stacked?: boolean }) {
  return (
    <span className="whitespace-nowrap">
      {from} <span className={stacked ? 'block' : undefined}>→ {to}</span>
    </span>
  );
}

/** Who did what when: created, sent, received or cancelled; and the value in transit at cost. */
export function TransferFacts({ transfer }: { transfer: StockTransfer }) {
  const dates = useDateFormat();
  const money = useMoney();
  const when = (iso: string | null, who: { name: string } | null) => (iso ? `${dates.dateTime(iso)}${who ? ` by ${who.name}` : ''}` : null);
  const facts: [string, string | null][] = [
    ['From', transfer.fromOutletName],
    ['To', transfer.toOutletName],
    ['Created', when(transfer.createdAt, transfer.createdBy)],
    ['Sent', when(transfer.sentAt, transfer.sentBy)],
    ['Received', when(transfer.receivedAt, transfer.receivedBy)],
    ['Cancelled', when(transfer.cancelledAt, null)],
    [transfer.status === 'sent' ? 'Value in transit' : 'Value at cost', money.format(transfer.value)],
    ['Note', transfer.note],
  ];
  return (
    <Block title="Transfer">
      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{label}</dt>
              <dd className="mt-0.5 whitespace-pre-line text-gray-900">{value}</dd>
            </div>
          ))}
      </dl>
    </Block>
  );
}

/** A received or cancelled transfer's lines: sent, received and short per line, with the totals. */
export function TransferRecord({ transfer }: { transfer: StockTransfer }) {
  const money = useMoney();
  const received = transfer.status === 'received';
  const short = transfer.items.reduce((sum, item) => sum + (item.shortQuantity ?? 0), 0);
  return (
    <Block title="Lines">
      {transfer.items.length === 0 ? (
        <p className="text-sm text-gray-500">No lines: nothing was on this transfer.</p>
      ) : (
        <LineTable
          caption="Lines"
          head={
            <>
              <th className={lineTh}>Product</th>
              <th className={lineThRight}>{received ? 'Sent' : 'Quantity'}</th>
              {received && <th className={lineThRight}>Received</th>}
              {received && <th className={lineThRight}>Short</th>}
              <th className={lineThRight}>Unit cost</th>
            </>
          }
          foot={
            received && (
              <tr>
                <td className="py-2 pr-3">Total</td>
                <td className="py-2 pr-3 text-right tabular-nums">{transfer.unitCount.toLocaleString()}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{(transfer.receivedUnitCount ?? 0).toLocaleString()}</td>
                <td className="py-2 pr-3 text-right tabular-nums" data-testid="short-total">
                  {short ? `${short.toLocaleString()} short · ${money.format(transfer.shortValue ?? 0)}` : 'None'}
                </td>
                <td />
              </tr>
            )
          }
        >
          {transfer.items.map((item) => (
            <tr key={item.id} data-testid={`line-${item.variantId}`}>
              <ProductCell line={item} />
              <td className="py-2 pr-3 text-right tabular-nums">{item.quantity.toLocaleString()}</td>
              {received && <td className="py-2 pr-3 text-right tabular-nums">{(item.receivedQuantity ?? 0).toLocaleString()}</td>}
              {received && (
                <td className="py-2 pr-3 text-right">
                  {item.shortQuantity ? <Badge tone="amber">{`${item.shortQuantity.toLocaleString()} short`}</Badge> : <span className="text-gray-400">—</span>}
                </td>
              )}
              <td className="py-2 pr-3 text-right tabular-nums">{money.format(item.unitCost)}</td>
            </tr>
          ))}
        </LineTable>
      )}
    </Block>
  );
}
