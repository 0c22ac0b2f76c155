import type { GoodsOrder, GoodsReceiptLine } from '@tillbook/contract';
import { Block } from '../../components/ui/block.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { cells, plural } from './goods-order-display.tsx';

const { th, thRight, td, tdNumber } = cells;

/** "$1.00 → $1.20" (or one figure when the delivery left the cost as it was). */
export function CostChange({ line }: { line: Pick<GoodsReceiptLine, 'costBefore' | 'costAfter'> }) {
  const money = useMoney();
  if (line.costBefore === line.costAfter) return <span>{money.format(line.costAfter)} (unchanged)</span>;
  return (
    <span>
      {money.format(line.costBefore)} → <span className="font-medium text-gray-900">{money.format(line.costAfter)}</span>
    </span>
  );
}

/** One delivery's lines: units, what they cost, the variant's cost before → after, and the outlet's stock after. */
export function ReceiptLines({ lines, caption }: { lines: GoodsReceiptLine[]; caption: string }) {
  const money = useMoney();
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200">
          <tr>
            <th className={th}>Product</th>
            <th className={thRight}>Units</th>
            <th className={thRight}>Unit cost</th>
            <th className={thRight}>Cost before → after</th>
            <th className={thRight}>In stock after</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {lines.map((line) => (
            <tr key={line.itemId}>
              <td className={td}>
                <div className="font-medium text-gray-900">{[line.productTitle, line.variantName].filter(Boolean).join(' · ')}</div>
                <div className="font-mono text-xs text-gray-500">{line.sku}</div>
              </td>
              <td className={tdNumber}>{line.quantity}</td>
              <td className={tdNumber}>{money.format(line.unitCost)}</td>
              <td className={tdNumber}>
                <CostChange line={line} />
              </td>
              <td className={tdNumber}>{line.quantityAfter}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every delivery booked on the order, oldest first: when, who, what came and what it did to the cost. */
export function ReceiptsSection({ order }: { order: GoodsOrder }) {
  const dates = useDateFormat();
  const money = useMoney();
  if (order.receipts.length === 0) {
    return order.status === 'cancelled' ? null : (
      <Block title="Deliveries">
        <p className="text-sm text-gray-500">Nothing has arrived yet.</p>
      </Block>
    );
  }
  return (
    <Block title="Deliveries">
      <ol className="space-y-6" aria-label="Deliveries">
        {order.receipts.map((receipt, index) => (
          <li key={receipt.id}>
            <h3 className="text-sm font-semibold text-gray-900">
              Delivery {index + 1} · {dates.dateTime(receipt.createdAt)}
              {receipt.userName && <span className="font-normal text-gray-600"> · by {receipt.userName}</span>}
              <span className="font-normal text-gray-600">
                {' '}
                · {plural(receipt.units, 'unit')} worth {money.format(receipt.value)}
              </span>
            </h3>
            {receipt.note && <p className="mt-1 text-sm whitespace-pre-wrap text-gray-700">{receipt.note}</p>}
            <div className="mt-2">
              <ReceiptLines lines={receipt.lines} caption={`Delivery ${index + 1}`} />
            </div>
          </li>
        ))}
      </ol>
    </Block>
  );
}
