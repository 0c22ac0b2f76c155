import {
  defaultRefundBack,
  refundPointsOf,
  refundShareOf,
  splitOntoGiftCards,
  type ExchangeInput,
  type Refund,
  type RefundCreateInput,
  type RefundRoom,
  type RefundBack,
  type RefundPointsShare,
  type SaleForReturn,
  type Tender,
} from '@tillbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf, unreachableMessage } from '../../lib/api-error.ts';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The till's open drawer: cash goes back out of it (`id`: the drawer's session; `registerId`: its register). */
export type TillDrawer = { id: number; registerId: number; registerName: string };

/** Returns change the shop's books and stock, so only the server takes them: the till says so while offline. */
export const returnOfflineMessage = 'A return needs the connection to the server: take it when the till is online again.';

/** A refused return as its form shows it: per line, per field, and the rest above the form. */
export type ReturnRefusal<F extends string> = { lines: Record<string, string>; fields: Partial<Record<F, string>>; form?: string };

/**
 * Reads a refused return: offline said plainly; a 422's messages on the line sent that they name
 * ("lines.0.quantity": the first of `sentKeys`) or on the form's field `fieldOf` gives; anything
 * else (a 403, a closed drawer) above the form.
 */
export function returnRefusalOf<F extends string>(error: unknown, sentKeys: readonly (string | number)[], fieldOf: (field: string) => F | undefined): ReturnRefusal<F> {
  const { status, message, fieldErrors } = apiErrorOf(error);
  if (status === null && message === unreachableMessage) return { lines: {}, fields: {}, form: returnOfflineMessage };
  if (status !== 422 || Object.keys(fieldErrors).length === 0) return { lines: {}, fields: {}, form: message };
  const result: ReturnRefusal<F> = { lines: {}, fields: {} };
  const rest: string[] = [];
  for (const [field, text] of Object.entries(fieldErrors)) {
    const lineIndex = /^lines\.(\d+)(\.|$)/.exec(field)?.[1];
    const key = lineIndex === undefined ? undefined : sentKeys[Number(lineIndex)];
    const onField = fieldOf(field);
    if (key !== undefined) result.lines[key] = text;
    else if (onField) result.fields[onField] = text;
    else rest.push(text);
  }
  if (rest.length) result.form = rest.join(' ');
  return result;
}

/** The sale on a receipt, by its number (typed, or read from the receipt's barcode), at any outlet of the shop. */
export function useSaleLookup() {
  return useMutation({
    mutationFn: async (number: string) => (await http.get<{ data: SaleForReturn }>('/api/orders/lookup', { params: { number } })).data.data,
  });
}

/** The return itself: the same refund the back office makes. The drawer's figures change with it. */
export function useCreateReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, input }: { orderId: number; input: RefundCreateInput }) =>
      (await http.post<{ data: Refund }>(`/api/orders/${orderId}/refunds`, input)).data.data,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: queryKeys.cashbox.all }), client.invalidateQueries({ queryKey: queryKeys.orders.all })]);
    },
  });
}

/**
 * How the money goes back: as it was paid — the sale's own tenders (cash from this till's drawer),
 * then onto the gift cards that paid it, then the store credit that paid it — or all as store credit.
 */
export type ReturnMoney = 'tenders' | 'storeCredit';

/** An exchange at the till: the goods coming back, what they are worth in money, and how what the new sale does not take goes back. */
export type TillExchange = {
  input: ExchangeInput;
  orderNumber: string;
  /** What the returned goods give in money (less what goes back as points): it pays the new sale first. */
  value: number;
  units: number;
  room: RefundRoom;
};

/**
 * What the returned goods give beyond what the new sale's drawer tenders owe goes back as a refund
 * does by default (contract defaultRefundBack): the server works it out the same way.
 */
export function exchangeGiveBack(exchange: TillExchange, due: number): RefundBack {
  return defaultRefundBack(Math.max(0, exchange.value - Math.max(0, due)), exchange.room);
}

export type ReturnPreview = {
  lines: Array<{ lineId: number; quantity: number; total: number }>;
  total: number;
  points: RefundPointsShare | null;
  payments: Array<{ tender: Tender; amount: number }>;
  /** Back onto the gift cards that paid the sale, and onto which card how much (in the order they were spent). */
  giftCard: number;
  giftCards: Array<{ maskedCode: string; amount: number; expiresAt: string | null }>;
  storeCredit: number;
};

/**
 * The refund as the server will work it out, with the contract's own functions: each line's share
 * (refundShareOf), the points part (refundPointsOf), and where the money goes (defaultRefundBack,
 * splitOntoGiftCards).
 */
export function previewReturn(sale: SaleForReturn, quantities: Record<number, number>, money: ReturnMoney): ReturnPreview {
  const lines = sale.lines.map((line) => {
    const quantity = Math.max(0, Math.min(line.returnable, quantities[line.id] ?? 0));
    return { lineId: line.id, quantity, total: refundShareOf(line, line.returned, quantity).total };
  });
  const total = lines.reduce((sum, l) => sum + l.total, 0);
  const isLast = sale.lines.every((line, index) => lines[index]!.quantity >= line.returnable);
  const points = sale.points && total > 0 ? refundPointsOf({ total: sale.total, ...sale.points }, sale.refundedBefore, total, isLast) : null;
  const moneyBack = total - (points?.pointsPaidBack ?? 0);
  if (money === 'storeCredit' && sale.customerId !== null) return { lines, total, points, payments: [], giftCard: 0, giftCards: [], storeCredit: moneyBack };
  const back = defaultRefundBack(moneyBack, roomOf(sale));
  const giftCards = splitOntoGiftCards(
    back.giftCard,
    sale.giftCards.map((card) => ({ maskedCode: card.maskedCode, expiresAt: card.expiresAt, available: card.refundable })),
  ).map(({ maskedCode, expiresAt, amount }) => ({ maskedCode, expiresAt, amount }));
  return { lines, total, points, ...back, giftCards };
}

function roomOf(sale: SaleForReturn): RefundRoom {
  return {
    tenders: sale.tenders.map((t) => ({ tender: t.tender, available: t.refundable })),
    tendersTotal: sale.tendersRefundable,
    giftCard: sale.giftCardRefundable,
    storeCredit: sale.customerId !== null ? sale.storeCreditRefundable : 0,
  };
}

/** The chosen lines, sent back whole: restocked unless marked damaged. */
function chosenLines(preview: ReturnPreview, restock: Record<number, boolean>) {
  return preview.lines.filter((l) => l.quantity > 0).map((l) => ({ orderLineId: l.lineId, quantity: l.quantity, restock: restock[l.lineId] ?? true }));
}

/** The return taken into the next sale as an exchange: the money mode does not apply (the new sale takes the value). */
export function exchangeOf(sale: SaleForReturn, preview: ReturnPreview, restock: Record<number, boolean>, reason: string): TillExchange {
  const lines = chosenLines(preview, restock);
  return {
    input: { orderId: sale.id, lines, reason: reason.trim() },
    orderNumber: sale.number,
    value: preview.total - (preview.points?.pointsPaidBack ?? 0),
    units: lines.reduce((sum, l) => sum + l.quantity, 0),
    room: roomOf(sale),
  };
}

/** The body of the refund: the chosen lines, the money as previewed, and this till's drawer when cash goes back. */
export function returnInput(preview: ReturnPreview, restock: Record<number, boolean>, reason: string, drawerId: number, cardReference = ''): RefundCreateInput {
  const paysCash = preview.payments.some((p) => p.tender === 'cash');
  // The card terminal's reference goes with the card part, as a sale's card payment keeps it.
  const reference = cardReference.trim();
  return {
    lines: chosenLines(preview, restock),
    payments: preview.payments.map((p) => (p.tender === 'card' && reference ? { ...p, reference } : p)),
    ...(preview.giftCard > 0 && { giftCard: preview.giftCard }),
    ...(preview.storeCredit > 0 && { storeCredit: preview.storeCredit }),
    reason: reason.trim(),
    ...(paysCash && { cashboxSessionId: drawerId }),
  };
}
