import { giftCardRoomOf, maskGiftCardCode, refundPointsOf, type CashboxSession, type Order, type Refund, type RefundCreateInput, type RefundPointsShare, type Tender } from '@tillbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const orderKeys = queryKeys.orders;

/** Under the order's own key: whatever refreshes the order refreshes its refunds. */
const refundsKey = (orderId: number) => [...orderKeys.detail(orderId), 'refunds'] as const;

/** Refunds are the administrators' (the server answers 403 to anyone else), so others do not ask. */
export function useRefunds(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: refundsKey(orderId),
    enabled,
    queryFn: async () => (await http.get<{ data: Refund[] }>(`/api/orders/${orderId}/refunds`)).data.data,
  });
}

/** After a refund the order (its status) and its refunds are read again; lists show the new status too. */
export function useCreateRefund(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RefundCreateInput) => (await http.post<{ data: Refund }>(`/api/orders/${orderId}/refunds`, input)).data.data,
    onSuccess: async () => {
      // A drawer's expected cash changes with a cash refund.
      await Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: queryKeys.cashbox.all }),
      ]);
    },
  });
}

/** The drawers open now, any register: the ones a cash refund may come out of. */
export function useOpenDrawers(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cashbox.list({ open: true, purpose: 'refund' }),
    enabled,
    queryFn: async () => (await http.get<{ data: CashboxSession[] }>('/api/cashbox', { params: { open: '1', perPage: 100, sort: 'register' } })).data.data,
  });
}

/** Units of each sold line already refunded. */
export function refundedUnits(refunds: readonly Refund[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of refunds.flatMap((r) => r.lines)) {
    // A line returned without a receipt belongs to no sale.
    if (line.orderLineId !== null) units.set(line.orderLineId, (units.get(line.orderLineId) ?? 0) + line.quantity);
  }
  return units;
}

/** What each of the sale's tenders can still give back, in the order they were taken. */
export function tenderRoomOf(order: Order, refunds: readonly Refund[]): Array<{ tender: Tender; available: number }> {
  const room = new Map<Tender, number>();
  for (const p of order.payments) room.set(p.tender, (room.get(p.tender) ?? 0) + p.amount);
  for (const p of refunds.flatMap((r) => r.payments)) room.set(p.tender, (room.get(p.tender) ?? 0) - p.amount);
  return [...room].map(([tender, available]) => ({ tender, available: Math.max(0, available) }));
}

/**
 * What the sale's drawer tenders can give back together: what they paid for the goods — the total
 * less what points, store credit and gift cards paid — less what went back by them. Money they took
 * for gift cards the sale sold is not given back by a refund.
 */
export function tendersRoomOf(order: Order, refunds: readonly Refund[]): number {
  const back = refunds.flatMap((r) => r.payments).reduce((sum, p) => sum + p.amount, 0);
  return Math.max(0, order.total - (order.loyalty?.pointsPaid ?? 0) - order.storeCreditPaid - order.giftCardsPaid - back);
}

/** The gift cards that paid the sale (masked), in the order spent, each with what can still go back onto it. */
export function cardRoomOf(order: Order, refunds: readonly Refund[]): Array<{ maskedCode: string; amount: number; available: number }> {
  const spent = (order.giftCards ?? []).filter((card) => card.kind === 'spent').map((card) => ({ maskedCode: maskGiftCardCode(card.code), amount: card.amount }));
  return giftCardRoomOf(spent, refunds.reduce((sum, r) => sum + r.giftCard, 0));
}

/**
 * What a refund of `total` does with the sale's points (the server works it out the same way with
 * refundPointsOf): null for a sale without a customer.
 */
export function refundPointsPreview(order: Order, refunds: readonly Refund[], total: number, isLast: boolean): RefundPointsShare | null {
  if (!order.loyalty) return null;
  const before = refunds.reduce(
    (sum, r) => ({
      total: sum.total + r.total,
      pointsPaidBack: sum.pointsPaidBack + (r.points?.pointsPaidBack ?? 0),
      returned: sum.returned + (r.points?.returned ?? 0),
      takenBack: sum.takenBack + (r.points ? r.points.reversed + r.points.unrecovered : 0),
    }),
    { total: 0, pointsPaidBack: 0, returned: 0, takenBack: 0 },
  );
  return refundPointsOf({ total: order.total, ...order.loyalty }, before, total, isLast);
}

/** Whether any unit of the sale is still to be refunded. */
export function hasRefundableUnits(order: Order, refunds: readonly Refund[]): boolean {
  const units = refundedUnits(refunds);
  return order.lines.some((line) => line.quantity > (units.get(line.id) ?? 0));
}
