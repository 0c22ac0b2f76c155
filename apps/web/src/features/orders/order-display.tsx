import type { OrderStatus } from '@tillbook/contract';
export { tenderLabels } from '@tillbook/contract';
import { Badge } from '../../components/ui/badge.tsx';

const statusLabels: Record<OrderStatus, string> = { paid: 'Paid', partially_refunded: 'Partly refunded', refunded: 'Refunded' };
const statusTones = { paid: 'green', partially_refunded: 'amber', refunded: 'red' } as const;

export const orderStatusOptions = Object.entries(statusLabels) as Array<[OrderStatus, string]>;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>;
}

