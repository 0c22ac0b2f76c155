import type { RefundBack } from '@tillbook/contract';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import type { LocalCatalogueState } from './local-catalogue-types.ts';
import { useTillReturn } from './return-button.tsx';
import { exchangeGiveBack, type TillDrawer, type TillExchange } from './use-return.ts';

/** An exchange as the payment dialog shows it: what the returned goods pay, and what goes back beyond the sale. */
export type PaymentExchange = { orderNumber: string; value: number; giveBackOf: (owed: number) => string | null };

/** "$2.00 in cash from the drawer, $1.00 back to the card": where the money the new sale does not take goes. */
export function giveBackText(back: RefundBack, format: (minor: number) => string): string | null {
  const parts = [
    ...back.payments.map((p) => `${format(p.amount)} ${p.tender === 'cash' ? 'in cash from the drawer' : p.tender === 'card' ? 'back to the card' : 'back by other means'}`),
    ...(back.giftCard > 0 ? [`${format(back.giftCard)} back onto the sale’s gift cards`] : []),
    ...(back.storeCredit > 0 ? [`${format(back.storeCredit)} as store credit`] : []),
  ];
  return parts.length ? parts.join(', ') : null;
}

/**
 * The till's Return (F3) with exchanges: "Exchange" in the return takes the chosen goods into the
 * sale being rung up, where they pay for it (orders/exchange.ts on the server, decision 027). The
 * banner says so above the cart until the sale is completed or the exchange cancelled. `catalogue`:
 * the till's copy, for goods brought back without a receipt.
 */
export function useTillExchange(drawer: TillDrawer, catalogue?: LocalCatalogueState) {
  const money = useMoney();
  const [exchange, setExchange] = useState<TillExchange | null>(null);
  const tillReturn = useTillReturn(drawer, { onExchange: setExchange, catalogue });
  const clear = () => setExchange(null);
  const payment: PaymentExchange | null = exchange && {
    orderNumber: exchange.orderNumber,
    value: exchange.value,
    giveBackOf: (owed) => giveBackText(exchangeGiveBack(exchange, owed), money.format),
  };
  const banner = exchange && (
    <Alert tone="info" className="flex items-center justify-between gap-3 py-2">
      <span>
        Exchange: {exchange.units === 1 ? '1 item' : `${exchange.units} items`} back from {exchange.orderNumber}, worth{' '}
        <strong className="tabular-nums">{money.format(exchange.value)}</strong>. It pays for this sale: ring up what the customer takes instead.
      </span>
      <Button variant="ghost" className="shrink-0 px-2 text-xs" onClick={clear}>
        Cancel exchange
      </Button>
    </Alert>
  );
  return { tillReturn, exchange, payment, banner, clear };
}
