import type { OrderEvent } from '@tillbook/contract';
import { Block } from '../../components/ui/block.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
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
  const timeline = useOrderTimeline(orderId);
  const money = useMoney();
  const dates = useDateFormat();
  return (
    <Block title="Timeline">
      {timeline.isPending ? (
        <div role="status" aria-label="Loading the timeline" className="flex justify-center">
          <Spinner />
        </div>
      ) : timeline.isError ? (
        <p className="text-sm text-red-600">{errorMessageOf(timeline.error)}</p>
      ) : (
        <ol aria-label="Order timeline" className="ml-1 space-y-3 border-l border-gray-200">
          {timeline.data.map((event) => (
            <li key={event.id} className="relative pl-3 text-sm">
              <span aria-hidden className={`absolute top-1.5 -left-[0.3rem] size-2 rounded-full ${event.kind === 'email_failed' ? 'bg-red-500' : 'bg-indigo-500'}`} />
              <span className={event.kind === 'email_failed' ? 'text-red-700' : 'text-gray-900'}>{describeOrderEvent(event, money.format)}</span>
              <span className="text-gray-500"> · {dates.dateTime(event.createdAt)}</span>
              {event.kind === 'email_failed' && textOf(event.detail?.reason) && <span className="block text-xs text-gray-600">{textOf(event.detail?.reason)}</span>}
            </li>
          ))}
        </ol>
      )}
    </Block>
  );
}
