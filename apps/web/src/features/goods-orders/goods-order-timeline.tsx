import type { GoodsOrderEvent } from '@tillbook/contract';
import { Block } from '../../components/ui/block.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useGoodsOrderTimeline } from './api.ts';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const countOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const units = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'unit' : 'units'}`;

const fieldLabels: Record<string, string> = { supplierId: 'supplier', outletId: 'outlet', expectedAt: 'expected date', note: 'note', items: 'lines' };

/** "Created by Ada", "E-mailed to orders@fizz.example by Ada", "Received 12 units (3 still to come) by Ada". */
export function describeGoodsOrderEvent(event: GoodsOrderEvent, formatMoney: (minor: number) => string): string {
  const by = event.userName ? ` by ${event.userName}` : '';
  const detail = event.detail ?? {};
  const count = countOf(detail.units);
  switch (event.kind) {
    case 'created':
      return `Created${by}`;
    case 'edited': {
      const fields = Array.isArray(detail.fields) ? [...new Set(detail.fields.map((field) => fieldLabels[String(field)] ?? String(field)))] : [];
      return `Edited${fields.length ? ` ${fields.join(', ')}` : ''}${by}`;
    }
    case 'ordered': {
      const total = countOf(detail.total);
      return `Marked as ordered${count === null ? '' : `: ${units(count)}`}${total === null ? '' : `, ${formatMoney(total)}`}${by}`;
    }
    case 'emailed':
      return `E-mailed to ${textOf(detail.to) || 'the supplier'}${by}`;
    case 'email_failed':
      return `E-mail to ${textOf(detail.to) || 'the supplier'} failed${by}`;
    case 'downloaded':
      return `PDF downloaded${by}`;
    case 'received': {
      const left = countOf(detail.stillToCome);
      const more = detail.over === true ? ', more than ordered' : '';
      return `Received${count === null ? '' : ` ${units(count)}`}${left === null ? more : left > 0 ? ` (${left.toLocaleString()} still to come${more})` : ` (all in${more})`}${by}`;
    }
    case 'cancelled':
      return `Cancelled${by}`;
    case 'rest_cancelled':
      return `The rest cancelled${count === null ? '' : ` (${units(count)})`}${by}`;
  }
}

/** What happened to a goods order, oldest first: who and when. */
export function GoodsOrderTimeline({ orderId }: { orderId: number }) {
  const timeline = useGoodsOrderTimeline(orderId);
  const dates = useDateFormat();
  const money = useMoney();
  return (
    <Block title="Timeline">
      {timeline.isPending ? (
        <div role="status" aria-label="Loading the timeline" className="flex justify-center">
          <Spinner />
        </div>
      ) : timeline.isError ? (
        <p className="text-sm text-red-600">{errorMessageOf(timeline.error)}</p>
      ) : timeline.data.length === 0 ? (
        <p className="text-sm text-gray-500">Nothing has happened to this order yet.</p>
      ) : (
        <ol aria-label="Goods order timeline" className="ml-1 space-y-3 border-l border-gray-200">
          {timeline.data.map((event) => {
            const failed = event.kind === 'email_failed';
            const dot = failed ? 'bg-red-500' : event.kind === 'cancelled' || event.kind === 'rest_cancelled' ? 'bg-gray-400' : event.kind === 'received' ? 'bg-green-500' : 'bg-indigo-500';
            return (
              <li key={event.id} className="relative pl-3 text-sm">
                <span aria-hidden className={`absolute top-1.5 -left-[0.3rem] size-2 rounded-full ${dot}`} />
                <span className={failed ? 'text-red-700' : 'text-gray-900'}>{describeGoodsOrderEvent(event, money.format)}</span>
                <span className="text-gray-500"> · {dates.dateTime(event.createdAt)}</span>
                {failed && textOf(event.detail?.reason) && <span className="block text-xs text-gray-600">{textOf(event.detail?.reason)}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </Block>
  );
}
