import { moneyFormatterOf } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { changeStoreCredit } from './store-credit.ts';
import { findStoreCreditEntry } from './store-credit-read.ts';

/**
 * POST /api/customers/:id/store-credit: an administrator adds store credit (a positive amount) or
 * takes it (a negative one) with a reason, through the ledger and with an audit row, at once.
 */
export async function adjustStoreCredit(db: DbOrTx, customerId: number, input: { amount: number; reason: string }, actor: AuditActor) {
  const format = moneyFormatterOf(await getShopSettings(db));
  return db.transaction(async (tx) => {
    // The customer's row is held until the end, so the balance read here is the one the change starts from.
    const [customer] = await tx
      .select({ name: customers.name, storeCredit: customers.storeCredit })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer) throw AppError.notFound();
    if (input.amount < 0 && -input.amount > customer.storeCredit) {
      throw AppError.validation({ amount: [`The store credit is only ${format(customer.storeCredit)}.`] });
    }
    const changed = await changeStoreCredit(tx, {
      customerId,
      delta: input.amount,
      kind: 'adjusted',
      reason: input.reason,
      userId: actor.id,
      field: 'amount',
    });
    const signed = `${input.amount > 0 ? '+' : '-'}${format(Math.abs(input.amount))}`;
    await recordAudit(tx, actor, {
      action: 'customer.store_credit',
      summary: `Store credit ${signed} for ${customer.name}: ${input.reason}`,
      subject: { type: 'customer', id: customerId },
      before: { storeCredit: customer.storeCredit },
      after: { storeCredit: changed.balance },
    });
    return { entry: await findStoreCreditEntry(tx, changed.entryId), storeCredit: changed.balance };
  });
}
