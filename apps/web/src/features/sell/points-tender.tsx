import { pointsToPay, pointsValue, type LoyaltyRules, type PointsRoom } from '@tillbook/contract';
import { Button } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { usePointsFormat } from './points-format.ts';

/**
 * Points as a tender on this sale: offered when the customer has a balance and the shop lets
 * points pay. Points are not a payment row: they lower what cash, card and other must cover.
 */
export type PointsTender = {
  rules: LoyaltyRules;
  balance: number;
  /** The most points may pay of this sale (the engine's pointsRoom). */
  room: PointsRoom;
  /** The engine's verdict on `points` offered (sale.ts priceSale): the money they pay, or why not. */
  check: (points: number) => { paid: number; message: string | null };
};

export type PointsPayment = { points: number; amount: number };

/** The points that pay `amount` and what they pay, or why they cannot. */
export function pointsPaymentOf(tender: PointsTender, amount: number): { ok: true; payment: PointsPayment } | { ok: false; message: string } {
  if (tender.room.refusal) return { ok: false, message: tender.room.refusal };
  const points = pointsToPay(amount, tender.rules);
  const verdict = tender.check(points);
  if (verdict.message) return { ok: false, message: verdict.message };
  return { ok: true, payment: { points, amount: verdict.paid } };
}

/**
 * The most points may pay: the fewest points worth the room, one fewer when a point is worth more
 * than a minor unit and those would pay past it.
 */
export function maxPointsPaymentOf(tender: PointsTender): ReturnType<typeof pointsPaymentOf> {
  const { room, rules } = tender;
  if (room.refusal) return { ok: false, message: room.refusal };
  let points = pointsToPay(room.maxAmount, rules);
  if (pointsValue(points, rules) > room.maxAmount) points -= 1;
  const verdict = tender.check(points);
  if (verdict.message || points <= 0) return { ok: false, message: verdict.message ?? 'Not enough points to pay any of this sale.' };
  return { ok: true, payment: { points, amount: verdict.paid } };
}

type PointsHintProps = {
  tender: PointsTender;
  /** The amount typed, once it reads as money. */
  amount: number | null;
  disabled: boolean;
  onMax: () => void;
};

/** Under the amount while paying with points: the balance, what the typed amount takes in points, and Max. */
export function PointsHint({ tender, amount, disabled, onMax }: PointsHintProps) {
  const money = useMoney();
  const format = usePointsFormat();
  const typed = amount !== null && amount > 0 ? pointsPaymentOf(tender, amount) : null;
  return (
    <div className="flex flex-col gap-2 rounded-md bg-indigo-50/60 px-3 py-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-gray-700">
          Balance <span className="font-semibold tabular-nums">{format.points(tender.balance)}</span>
          {!tender.room.refusal && <> · up to {money.format(tender.room.maxAmount)} of this sale</>}
        </p>
        <Button variant="secondary" className="min-h-10 px-3" disabled={disabled || tender.room.refusal !== null} onClick={onMax}>
          Max
        </Button>
      </div>
      {tender.room.refusal ? (
        <p className="font-medium text-red-700">{tender.room.refusal}</p>
      ) : typed?.ok ? (
        <p className="font-semibold text-gray-900 tabular-nums" data-testid="points-conversion">
          {format.points(typed.payment.points)} = {money.format(typed.payment.amount)}
        </p>
      ) : typed ? (
        <p className="font-medium text-red-700">{typed.message}</p>
      ) : null}
    </div>
  );
}
