import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/class-names.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { quickCashAmounts } from './payment-quick-amounts.ts';
import type { PaymentExchange } from './till-exchange.tsx';

/** What the payment dialog asks for: the goods' total, and with gift cards sold, what the customer pays in all. */
export function PaymentTotal({ total, giftCardsSold }: { total: number; giftCardsSold: number }) {
  const money = useMoney();
  if (giftCardsSold <= 0) {
    return (
      <p className="text-base">
        Total <span className="font-semibold tabular-nums text-gray-900">{money.format(total)}</span>
      </p>
    );
  }
  return (
    <p className="text-base" data-testid="payment-total">
      To pay <span className="font-semibold tabular-nums text-gray-900">{money.format(total + giftCardsSold)}</span>
      <span className="ml-2 text-sm text-gray-600 tabular-nums">
        goods {money.format(total)} + gift cards {money.format(giftCardsSold)}
      </span>
    </p>
  );
}

/** What an exchange's returned goods pay of the sale, and what goes back to the customer when they are worth more. */
export function ExchangePays({ exchange, owed }: { exchange: PaymentExchange; owed: number }) {
  const money = useMoney();
  const pays = Math.min(exchange.value, Math.max(0, owed));
  const giveBack = exchange.value > owed ? exchange.giveBackOf(owed) : null;
  return (
    <div className="flex flex-col gap-2" data-testid="exchange-pays">
      <p className="text-sm text-gray-700">
        Returned goods from {exchange.orderNumber} pay <span className="font-semibold tabular-nums text-gray-900">{money.format(pays)}</span>
      </p>
      {giveBack && <Alert tone="warning" className="py-2">{`The returned goods are worth ${money.format(exchange.value - Math.max(0, owed))} more: give back ${giveBack}.`}</Alert>}
    </div>
  );
}

/** Exact and the next round sums above what is due, each paying in cash at once. */
export function QuickCash({ due, disabled, onPay }: { due: number; disabled: boolean; onPay: (amount: number) => void }) {
  const money = useMoney();
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Quick cash">
      {[due, ...quickCashAmounts(due, money.fractionDigits)].map((amount, index) => (
        <Button key={amount} variant="secondary" className="min-h-11 normal-case" disabled={disabled} onClick={() => onPay(amount)}>
          {index === 0 ? 'Exact' : money.format(amount)}
        </Button>
      ))}
    </div>
  );
}

/** Still due and the change, large. */
export function DueAndChange({ due, change }: { due: number; change: number }) {
  const money = useMoney();
  return (
    <dl className="grid grid-cols-2 gap-3">
      <div className="rounded-md bg-gray-50 px-3 py-2">
        <dt className="text-xs font-semibold uppercase text-gray-500">Still due</dt>
        <dd className="text-3xl font-bold tabular-nums text-gray-900" data-testid="still-due">
          {money.format(due)}
        </dd>
      </div>
      <div className={cn('rounded-md px-3 py-2', change > 0 ? 'bg-green-50' : 'bg-gray-50')}>
        <dt className="text-xs font-semibold uppercase text-gray-500">Change</dt>
        <dd className="text-3xl font-bold tabular-nums text-gray-900" data-testid="change">
          {money.format(change)}
        </dd>
      </div>
    </dl>
  );
}
