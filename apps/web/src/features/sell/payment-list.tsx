import { maskGiftCardCode, tenderLabels, type Tender } from '@tillbook/contract';
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
  /** Gift cards paying, after the store credit; `problem`: why one cannot pay as it is. */
  giftCards?: Array<{ code: string; amount: number; problem?: string | null }>;
  disabled: boolean;
  onRemove: (index: number) => void;
  onRemovePoints: () => void;
  onRemoveStoreCredit?: () => void;
  onRemoveGiftCard?: (index: number) => void;
};

/** The payments taken so far in the payment dialog, each with its Remove. */
export function PaymentList({ payments, pointsPayment, storeCredit = 0, giftCards = [], disabled, onRemove, onRemovePoints, onRemoveStoreCredit, onRemoveGiftCard }: PaymentListProps) {
  const money = useMoney();
  const format = usePointsFormat();
  if (payments.length === 0 && !pointsPayment && storeCredit <= 0 && giftCards.length === 0) return null;
  // `named`: the detail is part of what Remove takes off (a card's masked code tells two cards apart).
  const row = (key: string, label: string, detail: string | null, amount: number, onClick: () => void, problem?: string | null, named = false) => (
    <li key={key} className="px-3 py-2">
      <div className="flex items-center justify-between gap-3">
        <span>
          {label}
          {detail && <span className="ml-2 text-gray-500 tabular-nums">{detail}</span>}
        </span>
        <span className="ml-auto font-semibold tabular-nums">{money.format(amount)}</span>
        <Button variant="ghost" className="px-2 py-1 normal-case" aria-label={`Remove ${label} ${named && detail ? `${detail} ` : ''}${money.format(amount)}`} disabled={disabled} onClick={onClick}>
          Remove
        </Button>
      </div>
      {problem && <p className="text-sm font-medium text-red-700">{problem}</p>}
    </li>
  );
  return (
    <ul aria-label="Payments" className="divide-y divide-gray-100 rounded-md border border-gray-200">
      {pointsPayment && row('points', 'Points', format.points(pointsPayment.points), pointsPayment.amount, onRemovePoints)}
      {storeCredit > 0 && row('storeCredit', 'Store credit', null, storeCredit, () => onRemoveStoreCredit?.())}
      {giftCards.map((card, index) => row(`giftCard${card.code}`, 'Gift card', maskGiftCardCode(card.code), card.amount, () => onRemoveGiftCard?.(index), card.problem, true))}
      {payments.map((payment, index) => row(String(index), tenderLabels[payment.tender], payment.reference || null, payment.amount, () => onRemove(index)))}
    </ul>
  );
}
