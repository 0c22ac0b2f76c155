import type { NoReceiptMoneyBack, NoReceiptReturnInput, Refund, TaxRounding } from '@tillbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { pointsQueryPrefix } from './api.ts';
import { emptyCart, priceCartState, type CartLine } from './cart.ts';
import { returnRefusalOf } from './use-return.ts';

/**
 * A return without a receipt (POST /api/refunds/without-receipt): the drawer's figures change with
 * cash back, the customer's balance with store credit.
 */
export function useCreateNoReceiptReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NoReceiptReturnInput) => (await http.post<{ data: Refund }>('/api/refunds/without-receipt', input)).data.data,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cashbox.all }),
        client.invalidateQueries({ queryKey: queryKeys.customers.all }),
        client.invalidateQueries({ queryKey: pointsQueryPrefix }),
      ]);
    },
  });
}

/**
 * What the goods are worth back: each unit at the product's price now, with its taxes and no
 * discount — the till's own pricing of a sale of these lines, as the server values them.
 */
export function priceNoReceiptLines(lines: readonly CartLine[], taxRounding: TaxRounding): { totals: Record<string, number>; total: number } {
  const undiscounted = lines.map((line) => ({ ...line, discount: null, unitPrice: null }));
  const { cart } = priceCartState({ ...emptyCart(''), lines: undiscounted }, taxRounding);
  return { totals: Object.fromEntries(lines.map((line, index) => [line.key, cart.lines[index]?.total ?? 0])), total: cart.total };
}

/** What the cashier chose: the goods, where they go, why, and how the money goes back. */
export type NoReceiptDraft = {
  lines: readonly CartLine[];
  /** Per line key: false when the goods are damaged (they do not go back on the shelf). */
  restock: Record<string, boolean>;
  reason: string;
  moneyBack: NoReceiptMoneyBack;
  customerId: number | null;
  reference: string;
};

/** The body sent: the customer only with store credit, the card's reference only with a card. */
export function noReceiptInputOf(draft: NoReceiptDraft, registerId: number, total: number): NoReceiptReturnInput {
  const reference = draft.reference.trim();
  return {
    registerId,
    lines: draft.lines.map((line) => ({ variantId: line.item.variantId, quantity: line.quantity, restock: draft.restock[line.key] ?? true })),
    reason: draft.reason.trim(),
    moneyBack: draft.moneyBack,
    ...(draft.moneyBack === 'storeCredit' && { customerId: draft.customerId }),
    ...(draft.moneyBack === 'card' && reference && { reference }),
    total,
  };
}

export type NoReceiptErrors = {
  /** Per line key. */
  lines: Record<string, string>;
  reason?: string;
  moneyBack?: string;
  customerId?: string;
  reference?: string;
  total?: string;
  form?: string;
};

const onFields = ['reason', 'moneyBack', 'customerId', 'reference', 'total'] as const;

/** The server's answer on the line or field it names; a shop that does not take such returns (403), a closed drawer and the rest above the form. */
export function noReceiptErrorsOf(error: unknown, sentKeys: readonly string[]): NoReceiptErrors {
  const { lines, fields, form } = returnRefusalOf(error, sentKeys, (field) => onFields.find((name) => name === field));
  return { ...fields, lines, form };
}
