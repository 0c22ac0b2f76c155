import type { SaleForReturn, Tender } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findOrderLines, findOrderPayments, findSaleByNumber, sumRefundedByTender, sumRefundedStoreCredit, sumRefundedUnitsByLine, sumRefundPointsOfOrder } from './queries.ts';

/**
 * GET /api/orders/lookup: the sale a return at the till starts from, found by the number on its
 * receipt (typed, or read from the receipt's barcode, which encodes the number) at any outlet of
 * the shop. Each line carries what may still come back and each tender what it can still give back.
 */
export async function findSaleForReturn(db: DbOrTx, number: string): Promise<SaleForReturn> {
  const found = await findSaleByNumber(db, number.trim());
  if (!found) throw new AppError(404, 'No sale has this number.');
  const { order } = found;
  const [lines, paid, unitRows, tenderRows, storeCreditBack, refundedBefore] = await Promise.all([
    findOrderLines(db, order.id),
    findOrderPayments(db, order.id),
    sumRefundedUnitsByLine(db, order.id),
    sumRefundedByTender(db, order.id),
    sumRefundedStoreCredit(db, order.id),
    sumRefundPointsOfOrder(db, order.id),
  ]);
  const returned = new Map(unitRows.map((r) => [r.orderLineId, r.quantity]));
  const refundedBy = new Map<Tender, number>(tenderRows.map((r) => [r.tender, r.amount]));
  const paidBy = new Map<Tender, number>();
  for (const p of paid) paidBy.set(p.tender, (paidBy.get(p.tender) ?? 0) + p.amount);
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
    tenders: [...paidBy].map(([tender, amount]) => ({ tender, paid: amount, refundable: Math.max(0, amount - (refundedBy.get(tender) ?? 0)) })),
    storeCreditPaid: order.storeCreditPaid,
    storeCreditRefundable: Math.max(0, order.storeCreditPaid - storeCreditBack),
    points: order.customerId === null ? null : { pointsPaid: order.pointsPaid, pointsRedeemed: order.pointsRedeemed, pointsEarned: order.pointsEarned },
    refundedBefore,
  };
}
