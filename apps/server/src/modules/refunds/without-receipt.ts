import { formatMoney, saleInput, totalMismatchMessage, type noReceiptReturnInput, type Refund } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isOutletInScope, outletScopeOf } from '../../lib/viewer.ts';
import { summariseRefund } from '../analytics/service.ts';
import { approvalFor, verifyApproval } from '../approvals/service.ts';
import { recordAudit } from '../audit/service.ts';
import { changeStoreCredit, getCustomer } from '../customers/service.ts';
import { priceSaleFromDb, soldLines } from '../orders/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { changeStock } from '../stock/service.ts';
import type { Refunder } from './drawer.ts';
import { findOpenSessionForShare, insertRefund, insertRefundLines, insertRefundPayments } from './queries.ts';
import { getRefund } from './read.ts';
import { approvalNeeded, type RefundRequest } from './service.ts';
import { findReturnTill, nextReturnNumber } from './without-receipt-queries.ts';

type NoReceiptReturn = z.output<typeof noReceiptReturnInput>;

/** Who takes the return: the signed-in user, whose outlet the till must be at. */
export type ReturnTaker = Refunder & { outletId: number | null; name: string };

const notTaken = 'This shop does not take returns without a receipt.';

/**
 * POST /api/refunds/without-receipt (issue 16, decision 027): goods brought back without the
 * sale's receipt, when the shop takes them (`cashierRights.noReceiptReturns`). Each unit is valued
 * at the product's price now with its taxes and no discount, priced by the same engine as a sale;
 * the money goes back as the customer's store credit, or — when the shop allows money — by cash
 * from this till's drawer or by card, up to the shop's amount. A cashier's refund above their
 * limit needs an administrator, as any refund does. One transaction: the refund numbered
 * MAIN-R000001 (the outlet's own sequence), its lines with their names and costs of the day,
 * restocked goods through the ledger, the store credit, the summaries and the audit row.
 */
export async function createNoReceiptReturn(db: Db, input: NoReceiptReturn, taker: ReturnTaker, request: RefundRequest): Promise<Refund> {
  const style = await getShopSettings(db);
  const rule = style.cashierRights.noReceiptReturns;
  if (rule === 'never') throw new AppError(403, notTaken);
  const till = await findReturnTill(db, input.registerId);
  if (!till) throw AppError.validation({ registerId: ['The chosen register does not exist.'] });
  if (!isOutletInScope(outletScopeOf(taker), till.outletId)) throw AppError.forbidden();

  const money = (minor: number) => formatMoney(minor, style);
  if (input.moneyBack === 'storeCredit' && input.customerId === null) throw AppError.validation({ customerId: ['Store credit needs a customer: choose who it goes to.'] });
  if (input.customerId !== null) await getCustomer(db, input.customerId).catch(() => Promise.reject(AppError.validation({ customerId: ['The chosen customer does not exist.'] })));
  if (input.moneyBack !== 'storeCredit' && rule === 'storeCredit') throw AppError.validation({ moneyBack: ['This shop gives store credit only for returns without a receipt.'] });

  const sale = await priceSaleFromDb(db, saleInput.parse({ lines: input.lines.map(({ variantId, quantity }) => ({ variantId, quantity })) }));
  const { cart } = sale.priced;
  if (cart.total !== input.total) throw AppError.validation({ total: [totalMismatchMessage] });
  const upTo = style.cashierRights.noReceiptMoneyUpTo;
  if (input.moneyBack !== 'storeCredit' && cart.total > upTo) {
    throw AppError.validation({ moneyBack: [upTo > 0 ? `Money back without a receipt is at most ${money(upTo)}: give the rest as store credit.` : 'This shop gives store credit only for returns without a receipt.'] });
  }
  // Before the transaction: a wrong PIN is counted (and throttled) even though the return is refused.
  const verified = await verifyApproval(db, input.approval, request.ip);

  const refundId = await db.transaction(async (tx) => {
    // The till's open drawer, share-locked so a close waits for the return.
    const sessionId = (await findOpenSessionForShare(tx, till.id))?.id ?? null;
    if (input.moneyBack === 'cash' && sessionId === null) throw AppError.validation({ registerId: [`The drawer of ${till.name} is closed. Open it before paying cash back.`] });
    const number = await nextReturnNumber(tx, { id: till.outletId, code: till.outletCode });
    const summary = `Return without a receipt ${number} of ${money(cart.total)}`;
    const approval = await approvalFor(tx, approvalNeeded(taker, cart.total, style), verified, {
      action: 'refund',
      requester: taker,
      outletId: till.outletId,
      registerId: till.id,
      amount: cart.total,
      detail: summary,
    });
    const storeCredit = input.moneyBack === 'storeCredit' ? cart.total : 0;
    const refund = await insertRefund(tx, {
      orderId: null,
      number,
      outletId: till.outletId,
      registerId: till.id,
      cashboxSessionId: sessionId,
      userId: taker.id,
      customerId: input.customerId,
      reason: input.reason,
      netTotal: cart.netTotal,
      taxTotal: cart.taxTotal,
      total: cart.total,
      taxes: cart.taxes,
      storeCredit,
      approvalId: approval?.id ?? null,
    });
    if (!refund) throw new Error('The return was not stored');
    const lines = soldLines(sale);
    await insertRefundLines(
      tx,
      lines.map((line, index) => ({
        refundId: refund.id,
        orderLineId: null,
        variantId: line.variantId,
        productId: line.productId,
        title: line.title,
        variantName: line.variantName,
        sku: line.sku,
        unitCost: line.unitCost,
        quantity: line.quantity,
        restock: input.lines[index]!.restock,
        net: line.net,
        taxTotal: line.taxTotal,
        total: line.total,
        taxes: line.taxes,
      })),
    );
    const tender = input.moneyBack === 'storeCredit' ? null : input.moneyBack;
    if (tender && cart.total > 0) {
      await insertRefundPayments(tx, [{ refundId: refund.id, tender, amount: cart.total, cashboxSessionId: sessionId, reference: tender === 'card' ? (input.reference ?? null) : null }]);
    }
    for (const [index, line] of lines.entries()) {
      if (!input.lines[index]!.restock || line.variantId === null) continue;
      await changeStock(tx, {
        outletId: till.outletId,
        variantId: line.variantId,
        delta: line.quantity,
        reason: 'refund',
        document: { type: 'refund', id: refund.id },
        userId: taker.id,
        allowNegative: true,
      });
    }
    if (storeCredit > 0 && input.customerId !== null) {
      await changeStoreCredit(tx, { customerId: input.customerId, delta: storeCredit, kind: 'refund', reason: number, refundId: refund.id, userId: taker.id, field: 'customerId' });
    }
    await summariseRefund(tx, refund.id);
    await recordAudit(tx, request.actor, {
      action: 'refund.create',
      summary,
      subject: { type: 'refund', id: refund.id },
      after: {
        withoutReceipt: true,
        lines: lines.length,
        units: lines.reduce((sum, l) => sum + l.quantity, 0),
        total: cart.total,
        tenders: tender ? [{ tender, amount: cart.total }] : [],
        storeCredit,
        ...(input.customerId !== null && { customerId: input.customerId }),
        cashboxSessionId: sessionId,
        reason: input.reason,
      },
      outletId: till.outletId,
      registerId: till.id,
      approval,
    });
    return refund.id;
  });
  const stored = await getRefund(db, refundId);
  if (!stored) throw new Error('The return was not read back');
  return stored;
}
