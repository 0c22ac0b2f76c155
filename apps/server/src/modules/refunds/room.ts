import type { RefundRoom, Tender } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { giftCardRoomOfOrder, type SpentGiftCard } from '../gift-cards/service.ts';
import { findOrderPayments, sumRefundedByTender, sumRefundedStoreCredit } from './queries.ts';

type Sale = Pick<OrderRow, 'id' | 'total' | 'pointsPaid' | 'storeCreditPaid' | 'giftCardsPaid'>;

/** What a sale can still give back, and where: its tenders (each and together), its gift cards, store credit. */
export type SaleRoom = { room: RefundRoom; paidBy: Map<Tender, number>; cards: SpentGiftCard[] };

/**
 * Where a sale's refunds can still put money (decision 024). Each drawer tender, in the order it was
 * taken: what it paid less what went back by it. The tenders together: what they paid for the goods
 * — the total less what points, store credit and gift cards paid — less what went back by them; the
 * money they took for gift cards the sale sold stays out (a card sold is no line, so no return gives
 * it back). Gift cards: what each paid less what refunds put back onto it. Store credit: what it
 * paid less what refunds gave back as store credit (the caller drops it without a customer).
 */
export async function saleRoomOf(db: DbOrTx, sale: Sale): Promise<SaleRoom> {
  const [paid, refunded, storeCreditBack, cards] = await Promise.all([
    findOrderPayments(db, sale.id),
    sumRefundedByTender(db, sale.id),
    sumRefundedStoreCredit(db, sale.id),
    giftCardRoomOfOrder(db, sale.id),
  ]);
  const paidBy = new Map<Tender, number>();
  for (const p of paid) paidBy.set(p.tender, (paidBy.get(p.tender) ?? 0) + p.amount);
  const refundedBy = new Map<Tender, number>(refunded.map((r) => [r.tender, r.amount]));
  const refundedByTenders = refunded.reduce((sum, r) => sum + r.amount, 0);
  return {
    room: {
      tenders: [...paidBy].map(([tender, amount]) => ({ tender, available: amount - (refundedBy.get(tender) ?? 0) })),
      tendersTotal: sale.total - sale.pointsPaid - sale.storeCreditPaid - sale.giftCardsPaid - refundedByTenders,
      giftCard: cards.reduce((sum, card) => sum + card.available, 0),
      storeCredit: sale.storeCreditPaid - storeCreditBack,
    },
    paidBy,
    cards,
  };
}
