import type { OrderEvent } from '@tillbook/contract';
import { TimelineBlock } from '../../components/timeline-block.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useOrderTimeline } from './timeline-api.ts';

const fieldLabels: Record<string, string> = { note: 'note', customerId: 'customer', tags: 'tags' };

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** "Created by Casey Cashier", "E-mailed to ada@example.com", "Printed (copy)", "Refunded (MAIN-000041-R1) $30.00". */
export function describeOrderEvent(event: OrderEvent, formatMoney: (minor: number) => string): string {
  const by = event.userName ? ` by ${event.userName}` : '';
  const detail = event.detail ?? {};
  switch (event.kind) {
    case 'created':
      return `Created${by}`;
    case 'printed':
      return detail.copy ? `Printed (copy)${by}` : `Printed${by}`;
    case 'emailed':
      return `E-mailed to ${textOf(detail.to)}${by}`;
    case 'email_failed':
      return `E-mail to ${textOf(detail.to)} failed${by}`;
    case 'refunded':
      return `Refunded${detail.number ? ` (${textOf(detail.number)})` : ''}${typeof detail.total === 'number' ? ` ${formatMoney(detail.total)}` : ''}${by}`;
    case 'edited': {
      const fields = Array.isArray(detail.fields) ? detail.fields.map((field) => fieldLabels[String(field)] ?? String(field)) : [];
      return `Edited${fields.length ? ` ${fields.join(', ')}` : ''}${by}`;
    }
  }
}

/** What happened to a sale after it was rung up, oldest first. */
export function OrderTimeline({ orderId }: { orderId: number }) {
  const money = useMoney();
  return <TimelineBlock query={useOrderTimeline(orderId)} label="Order timeline" describe={(event) => describeOrderEvent(event, money.format)} />;
}
