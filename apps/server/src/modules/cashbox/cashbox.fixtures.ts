import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderPayments, orders, type OrderTaxJson } from '../../db/schema/index.ts';

type Payment = { tender: 'cash' | 'card' | 'other'; amount: number; tendered?: number; change?: number };

let sequence = 0;

/**
 * A paid sale on a drawer session, written straight into the tables the checkout fills, so the
 * drawer's figures are tested on their own. `total` is what the payments' amounts add up to.
 */
export async function insertSale(
  db: Db,
  session: { id: number; registerId: number; outletId: number },
  sale: { userId: number; payments: Payment[]; subtotal?: number; discount?: number; charges?: number; taxes?: OrderTaxJson },
): Promise<void> {
  sequence += 1;
  const total = sale.payments.reduce((sum, p) => sum + p.amount, 0);
  const taxes = sale.taxes ?? [];
  const taxTotal = taxes.filter((t) => !t.isInclusive).reduce((sum, t) => sum + t.amount, 0);
  const [order] = await db
    .insert(orders)
    .values({
      uuid: randomUUID(),
      number: `TEST-${String(sequence).padStart(6, '0')}`,
      outletId: session.outletId,
      registerId: session.registerId,
      cashboxSessionId: session.id,
      userId: sale.userId,
      subtotal: sale.subtotal ?? total - taxTotal,
      lineDiscountTotal: sale.discount ?? 0,
      orderDiscountTotal: 0,
      chargeTotal: sale.charges ?? 0,
      netTotal: total - taxTotal,
      taxTotal,
      total,
      paid: sale.payments.reduce((sum, p) => sum + (p.tendered ?? p.amount), 0),
      change: sale.payments.reduce((sum, p) => sum + (p.change ?? 0), 0),
      taxes,
    })
    .returning({ id: orders.id });
  await db.insert(orderPayments).values(
    sale.payments.map((p) => ({
      orderId: order!.id,
      cashboxSessionId: session.id,
      tender: p.tender,
      amount: p.amount,
      tendered: p.tendered ?? p.amount,
      change: p.change ?? 0,
    })),
  );
}

export async function assignOutlet(db: Db, userId: number, outletId: number): Promise<void> {
  await db.execute(sql`update users set outlet_id = ${outletId} where id = ${userId}`);
}
