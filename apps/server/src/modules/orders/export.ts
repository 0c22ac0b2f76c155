import { formatMinorAsDecimal, fractionDigitsOf } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { csvLine } from '../../lib/csv-write.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import type { OutletScope } from '../../lib/viewer.ts';
import type { OrderFilters } from './list-filters.ts';
import { countOrders, eachOrder } from './read.ts';

const header = [
  'number',
  'date',
  'outlet',
  'register',
  'cashier',
  'customer',
  'status',
  'subtotal',
  'discounts',
  'charges',
  'taxes',
  'total',
  'paid',
  'change',
  'tenders',
  'gift cards sold',
];

/**
 * The orders list's filtered set as CSV; money as decimals in the shop's currency. It names
 * customers, so the export is noted in the audit log as one of customer data.
 */
export async function* ordersCsv(db: DbOrTx, filters: OrderFilters, scope: OutletScope, actor: AuditActor): AsyncGenerator<string> {
  const fractionDigits = fractionDigitsOf((await getShopSettings(db)).currency);
  const rows = await countOrders(db, filters, scope);
  const asked = Object.fromEntries(Object.entries(filters).filter(([key, value]) => value !== undefined && key !== 'page' && key !== 'perPage'));
  await recordAudit(db, actor, {
    action: 'customer.export',
    summary: `Exported ${rows} ${rows === 1 ? 'sale' : 'sales'} with their customers to CSV`,
    after: { export: 'orders', filters: asked, rows },
  });
  const money = (minor: number) => formatMinorAsDecimal(minor, fractionDigits);
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  let head = `\uFEFF${header.join(',')}\r\n`;
  // The header goes out with the first batch: a query that fails does so before the first byte.
  for await (const rows of eachOrder(db, filters, scope)) {
    yield head + rows
      .map(({ order, payments }) =>
        csvLine([
          order.number,
          order.createdAt,
          order.outletName,
          order.registerName,
          order.cashierName,
          order.customerName,
          order.status,
          money(order.subtotal),
          money(order.discountTotal),
          money(order.chargeTotal),
          money(order.taxTotal),
          money(order.total),
          money(order.paid),
          money(order.change),
          // "cash 20.00; card 48.00; gift card 10.00": what each tender paid, the account tenders after the drawer's.
          [
            ...payments.map((p) => `${p.tender} ${money(p.amount)}`),
            ...(order.storeCreditPaid > 0 ? [`store credit ${money(order.storeCreditPaid)}`] : []),
            ...(order.giftCardsPaid > 0 ? [`gift card ${money(order.giftCardsPaid)}`] : []),
          ].join('; '),
          // Money taken for gift cards: not in the total (it is owed until the cards are spent).
          money(order.giftCardsSold),
        ]),
      )
      .join('');
    head = '';
  }
  if (head) yield head;
}

