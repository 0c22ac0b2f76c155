import { maskGiftCardCode, type SaleForReturn } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findOrderLines, findSaleByNumber, sumRefundedUnitsByLine, sumRefundPointsOfOrder } from './queries.ts';
import { saleRoomOf } from './room.ts';

/**
 * GET /api/orders/lookup: the sale a return at the till starts from, found by the number on its
 * receipt (typed, or read from the receipt's barcode, which encodes the number) at any outlet of
 * the shop. Each line carries what may still come back, each tender what it can still give back,
 * and each gift card that paid it what can still go back onto it (its code masked: anyone at a till
 * may look a sale up by its number).
 */
export async function findSaleForReturn(db: DbOrTx, number: string): Promise<SaleForReturn> {
  const found = await findSaleByNumber(db, number.trim());
  if (!found) throw new AppError(404, 'No sale has this number.');
  const { order } = found;
  const [lines, unitRows, sale, refundedBefore] = await Promise.all([
    findOrderLines(db, order.id),
    sumRefundedUnitsByLine(db, order.id),
    saleRoomOf(db, order),
    sumRefundPointsOfOrder(db, order.id),
  ]);
  const returned = new Map(unitRows.map((r) => [r.orderLineId, r.quantity]));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    outletId: order.outletId,
    outletName: found.outletName,
    registerId: order.registerId,
    registerName: found.registerName,
    customerId: order.customerId,
    customerName: found.customerName,
    total: order.total,
    lines: lines.map((line) => {
      const back = returned.get(line.id) ?? 0;
      return {
        id: line.id,
        variantId: line.variantId,
        title: line.title,
        variantName: line.variantName,
        sku: line.sku,
        quantity: line.quantity,
        returned: back,
        returnable: Math.max(0, line.quantity - back),
        unitPrice: line.unitPrice,
        net: line.net,
        taxTotal: line.taxTotal,
        total: line.total,
        taxes: line.taxes,
      };
    }),
    tenders: sale.room.tenders.map(({ tender, available }) => ({ tender, paid: sale.paidBy.get(tender) ?? 0, refundable: Math.max(0, available) })),
    storeCreditPaid: order.storeCreditPaid,
    storeCreditRefundable: Math.max(0, sale.room.storeCredit),
    tendersRefundable: Math.max(0, sale.room.tendersTotal),
    giftCardsPaid: order.giftCardsPaid,
    giftCardRefundable: Math.max(0, sale.room.giftCard),
    giftCards: sale.cards.map((card) => ({ maskedCode: maskGiftCardCode(card.code), refundable: card.available, expiresAt: card.expiresAt?.toISOString() ?? null })),
    points: order.customerId === null ? null : { pointsPaid: order.pointsPaid, pointsRedeemed: order.pointsRedeemed, pointsEarned: order.pointsEarned },
    refundedBefore,
  };
}
