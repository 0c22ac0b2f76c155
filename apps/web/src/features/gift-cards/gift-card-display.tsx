import { formatGiftCardCode, type GiftCardStatus } from '@tillbook/contract';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';

export const giftCardStatusLabels: Record<GiftCardStatus, string> = { active: 'Active', used: 'Used up', expired: 'Expired' };
const statusTones: Record<GiftCardStatus, ComponentProps<typeof Badge>['tone']> = { active: 'green', used: 'gray', expired: 'amber' };

export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  return <Badge tone={statusTones[status]}>{giftCardStatusLabels[status]}</Badge>;
}

/** The code in groups of four, as the receipt prints it. */
export function GiftCardCode({ code }: { code: string }) {
  return <span className="font-mono whitespace-nowrap">{formatGiftCardCode(code)}</span>;
}

/** A sale's number linking to its page. */
export function OrderLink({ id, number }: { id: number; number: string | null }) {
  return (
    <Link to={`/orders/${id}`} className="font-mono font-semibold whitespace-nowrap text-indigo-700 hover:underline">
      {number ?? 'Open the sale'}
    </Link>
  );
}
