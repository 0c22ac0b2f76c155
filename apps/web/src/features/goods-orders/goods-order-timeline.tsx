import type { GoodsOrderEvent } from '@tillbook/contract';
import { TimelineBlock } from '../../components/timeline-block.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
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
  const money = useMoney();
  return (
    <TimelineBlock
      query={useGoodsOrderTimeline(orderId)}
      label="Goods order timeline"
      emptyText="Nothing has happened to this order yet."
      describe={(event) => describeGoodsOrderEvent(event, money.format)}
      toneOf={(event) =>
        event.kind === 'email_failed' ? 'failed' : event.kind === 'cancelled' || event.kind === 'rest_cancelled' ? 'closed' : event.kind === 'received' ? 'done' : 'normal'
      }
    />
  );
}
