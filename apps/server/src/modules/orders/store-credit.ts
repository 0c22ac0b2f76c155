import { checkStoreCreditPayment, formatMinorAsDecimal, moneyFormatterOf } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from '../settings/service.ts';
import type { PricedSaleFromDb } from './pricing.ts';

/** TB011 of sell_order: another till spent the credit between the pricing and the storing. */
export const storeCreditChangedMessage =
  'The customer’s store credit changed since the sale was priced (another sale used it): check the balance and try again.';

/**
 * The customer's store credit offered as a tender (issue 16), checked against the sale priced from
 * the database: it needs the sale's customer, at most what is due once points paid their part, and
 * at most the customer's balance as it was read to price the sale (sell_order checks the balance
 * again as it spends it). Answers what the drawer's tenders must cover; a refusal is a 422 on
 * `storeCredit`, worded in the shop's currency.
 */
export async function dueAfterStoreCredit(db: DbOrTx, sale: PricedSaleFromDb, storeCredit: number): Promise<number> {
  const due = sale.priced.loyalty?.due ?? sale.priced.cart.total;
  if (storeCredit <= 0) return due;
  if (!sale.customer) throw AppError.validation({ storeCredit: ['Choose the customer whose store credit pays for this sale.'] });
  const balance = sale.customer.storeCredit;
  if (!checkStoreCreditPayment(storeCredit, due, balance, formatMinorAsDecimal).ok) {
    // Worded again in the shop's currency: the settings are read only for a refusal.
    const refusal = checkStoreCreditPayment(storeCredit, due, balance, moneyFormatterOf(await getShopSettings(db)));
    throw AppError.validation({ storeCredit: [refusal.ok ? 'The store credit cannot pay this amount.' : refusal.message] });
  }
  return due - storeCredit;
}
