import { tenderLabels, type Tender } from '@tillbook/contract';
import { Button } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { usePointsFormat } from './points-format.ts';
import type { PointsPayment } from './points-tender.tsx';

export type Payment = { tender: Tender; amount: number; reference: string };

type PaymentListProps = {
  payments: Payment[];
  /** Points pay their part first, so they head the list. */
  pointsPayment: PointsPayment | null;
  /** What store credit pays (0 for none); it follows the points. */
  storeCredit?: number;
  disabled: boolean;
  onRemove: (index: number) => void;
  onRemovePoints: () => void;
  onRemoveStoreCredit?: () => void;
};

/** The payments taken so far in the payment dialog, each with its Remove. */
export function PaymentList({ payments, pointsPayment, storeCredit = 0, disabled, onRemove, onRemovePoints, onRemoveStoreCredit }: PaymentListProps) {
  const money = useMoney();
  const format = usePointsFormat();
  if (payments.length === 0 && !pointsPayment && storeCredit <= 0) return null;
  const row = (key: string, label: string, detail: string | null, amount: number, onClick: () => void) => (
    <li key={key} className="flex items-center justify-between gap-3 px-3 py-2">
      <span>
        {label}
        {detail && <span className="ml-2 text-gray-500 tabular-nums">{detail}</span>}
      </span>
      <span className="ml-auto font-semibold tabular-nums">{money.format(amount)}</span>
      <Button variant="ghost" className="px-2 py-1 normal-case" aria-label={`Remove ${label} ${money.format(amount)}`} disabled={disabled} onClick={onClick}>
        Remove
      </Button>
    </li>
  );
  return (
    <ul aria-label="Payments" className="divide-y divide-gray-100 rounded-md border border-gray-200">
      {pointsPayment && row('points', 'Points', format.points(pointsPayment.points), pointsPayment.amount, onRemovePoints)}
      {storeCredit > 0 && row('storeCredit', 'Store credit', null, storeCredit, () => onRemoveStoreCredit?.())}
      {payments.map((payment, index) => row(String(index), tenderLabels[payment.tender], payment.reference || null, payment.amount, () => onRemove(index)))}
    </ul>
  );
}
