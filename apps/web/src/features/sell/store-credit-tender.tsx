import { checkStoreCreditPayment } from '@tillbook/contract';
import { Button } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/shop-settings.ts';

/**
 * The customer's store credit as a tender on this sale (issue 16): offered when the sale has a
 * customer with credit. Like points it is not a payment row of the drawer: it lowers what cash,
 * card and other must cover, and the server spends it from the balance as it stores the sale.
 */
export type StoreCreditTender = { balance: number };

/** The most store credit may pay when `due` is left before it: the lower of the balance and that. */
export function maxStoreCreditOf(tender: StoreCreditTender, due: number): number {
  return Math.max(0, Math.min(tender.balance, due));
}

/**
 * Why `amount` of store credit cannot pay `due` (what is left once points paid), in the engine's
 * words; null when it can. A credit taken before the balance was read again (another till spent
 * it) may no longer hold.
 */
export function storeCreditProblemOf(tender: StoreCreditTender | null, amount: number, due: number, format: (minor: number) => string): string | null {
  if (amount <= 0) return null;
  if (!tender) return 'Store credit can no longer pay for this sale: remove it.';
  const check = checkStoreCreditPayment(amount, due, tender.balance, format);
  return check.ok ? null : check.message;
}

type StoreCreditHintProps = {
  tender: StoreCreditTender;
  /** What is left to pay before store credit (after points). */
  due: number;
  /** The amount typed, once it reads as money. */
  amount: number | null;
  disabled: boolean;
  onMax: () => void;
};

/** Under the amount while paying with store credit: what the customer has, Max, and why a typed amount cannot pay. */
export function StoreCreditHint({ tender, due, amount, disabled, onMax }: StoreCreditHintProps) {
  const money = useMoney();
  const problem = amount !== null ? storeCreditProblemOf(tender, amount, due, money.format) : null;
  return (
    <div className="flex flex-col gap-2 rounded-md bg-indigo-50/60 px-3 py-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-gray-700" data-testid="store-credit-available">
          Store credit: <span className="font-semibold tabular-nums">{money.format(tender.balance)}</span> available
        </p>
        <Button variant="secondary" className="min-h-10 px-3" disabled={disabled || maxStoreCreditOf(tender, due) <= 0} onClick={onMax}>
          Max
        </Button>
      </div>
      {problem && <p className="font-medium text-red-700">{problem}</p>}
    </div>
  );
}
