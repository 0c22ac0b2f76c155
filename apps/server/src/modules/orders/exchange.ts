import type { Order } from '@tillbook/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyApproval } from '../approvals/service.ts';
import type { AuditActor } from '../audit/service.ts';
import { linkExchange, refundWithin } from '../refunds/service.ts';
import { setExchangeCredit } from './queries.ts';
import type { SaleToStore } from './sale-document.ts';
import type { SaleRightsVerdict } from './sale-rights.ts';
import { settleDue, storeSale, type Stored } from './store-sale.ts';

/** A priced and checked sale before its payments are settled. */
export type SaleBase = Omit<SaleToStore, 'payments' | 'paid' | 'change' | 'exchangeCredit'>;

type Terms = { due: number; rights: SaleRightsVerdict; actor: AuditActor };

/** The refund's field errors, said on the sale's fields: its lines are the exchange's. */
function onSaleFields(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.statusCode === 404) return AppError.validation({ 'exchange.orderId': ['No sale has this number.'] });
  if (error.statusCode !== 422 || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const onSale = field.startsWith('lines.') ? `exchange.${field}` : field === 'cashboxSessionId' ? 'registerId' : field.startsWith('approval') ? field : 'exchange';
    errors[onSale] = [...(errors[onSale] ?? []), ...messages];
  }
  return AppError.validation(errors);
}

/**
 * An exchange (decision 027): in one transaction, the goods of an earlier sale come back as a
 * refund whose value pays the new sale first (up to what its drawer tenders would owe), the new
 * sale is stored with `sell_order` paid by that and by its payments, and the two point at each
 * other. What the goods are worth beyond the new sale goes back as a refund does by default (the
 * sale's tenders, cash from this register's drawer). Anything refused leaves nothing stored.
 */
export async function storeExchange(db: Db, base: SaleBase, { due, rights, actor }: Terms): Promise<{ toStore: SaleToStore; stored: Stored; exchange: Order['exchange'] }> {
  const { input, seller, register } = base;
  const wanted = input.exchange;
  if (!wanted) throw new Error('An exchange needs its returned goods');
  // The administrator who approved the sale's discounts approves its refund too; else the approval sent is checked now.
  const verified = rights.approval
    ? { approverId: rights.approval.approverId, approverName: rights.approval.approverName, method: rights.approval.method }
    : await verifyApproval(db, input.approval, actor.ip ?? '');
  return db.transaction(async (tx) => {
    const refund = await refundWithin(
      tx,
      wanted.orderId,
      { lines: wanted.lines, reason: wanted.reason },
      { refunder: seller, request: { actor, ip: actor.ip ?? '' }, verified },
      { due, drawer: { sessionId: register.sessionId, registerId: register.id, outletId: register.outletId } },
    ).catch((error: unknown) => {
      throw onSaleFields(error);
    });
    const settlement = await settleDue(tx, due - refund.exchange, input.payments);
    const toStore: SaleToStore = { ...base, ...settlement, exchangeCredit: refund.exchange };
    const stored = await storeSale(tx, toStore);
    await setExchangeCredit(tx, stored.orderId, refund.exchange);
    await linkExchange(tx, refund.id, stored.orderId);
    return { toStore, stored, exchange: { refundId: refund.id, refundNumber: refund.number, orderId: wanted.orderId, orderNumber: refund.orderNumber } };
  });
}
