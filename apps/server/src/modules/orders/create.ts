import { formatOrderNumber, settlePayments, totalMismatchMessage, type Order, type SettledPayment, type orderCreateInput } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { changeStockMany } from '../stock/service.ts';
import { describeItem, priceSaleFromDb, type PricedSaleFromDb } from './pricing.ts';
import { loadSaleRegister, type SaleRegister } from './pricing-source.ts';
import { getOrder, type OrderScope } from './read.ts';

type OrderCreateValues = z.output<typeof orderCreateInput>;

/** Who rings the sale up. */
export type Seller = { id: number; type: 'administrator' | 'cashier'; outletId: number | null };

/** The same uuid was sold already (by a retried or a parallel request): the first order answers. */
class AlreadySold extends Error {}

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

function isDeadlock(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function existingOrderId(db: DbOrTx, uuid: string): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(db, sql`select id from orders where uuid = ${uuid}`);
  return row?.id ?? null;
}

/**
 * POST /api/orders/create. Checks the register, the seller's outlet and the open drawer, prices
 * the sale again from the database, and stores it in one transaction. The same uuid again answers
 * the first order and changes nothing (`created: false`).
 */
export async function createOrder(db: Db, input: OrderCreateValues, seller: Seller): Promise<{ order: Order; created: boolean }> {
  const register = await loadSaleRegister(db, input.registerId);
  if (!register) throw AppError.validation({ registerId: ['The chosen register does not exist.'] });
  if (seller.type !== 'administrator' && seller.outletId !== register.outletId) throw AppError.forbidden();
  const scope: OrderScope = { kind: 'all' };
  const sold = await existingOrderId(db, input.uuid);
  if (sold !== null) return { order: await getOrder(db, { id: sold }, scope), created: false };
  if (!register.active) throw AppError.validation({ registerId: [`${register.name} is not active.`] });
  if (register.sessionId === null) throw closedDrawer(register);

  const sale = await priceSaleFromDb(db, input);
  const { cart } = sale.priced;
  if (cart.total !== input.total) throw AppError.validation({ total: [totalMismatchMessage] });
  const settlement = settlePayments(cart.total, input.payments, sale.formatMoney);
  if (!settlement.ok) throw AppError.validation({ payments: [settlement.message] });

  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await db.transaction((tx) => storeSale(tx, { input, seller, register, sale, payments: settlement.payments, paid: settlement.paid, change: settlement.change }));
      return { order: await getOrder(db, { id }, scope), created: true };
    } catch (error) {
      if (error instanceof AlreadySold) {
        const first = await existingOrderId(db, input.uuid);
        if (first !== null) return { order: await getOrder(db, { id: first }, scope), created: false };
      }
      // Two sales locking the same products in a different order: PostgreSQL cancels one; sell it again.
      if (!isDeadlock(error) || attempt >= 3) throw error;
    }
  }
}

function closedDrawer(register: Pick<SaleRegister, 'name'>): AppError {
  return AppError.validation({ registerId: [`The drawer of ${register.name} is closed. Open it before selling.`] });
}

type SaleToStore = {
  input: OrderCreateValues;
  seller: Seller;
  register: SaleRegister;
  sale: PricedSaleFromDb;
  payments: SettledPayment[];
  paid: number;
  change: number;
};

/**
 * The sale's writes, in an order that keeps locks short and always taken in the same order:
 * the drawer session (shared, so a close waits for the sale), the stock levels (by variant id),
 * then the outlet's counter, held only for the one statement that writes the order, its lines,
 * payments, coupon use and customer figures.
 */
async function storeSale(tx: DbOrTx, { input, seller, register, sale, payments, paid, change }: SaleToStore): Promise<number> {
  const [opened] = await rowsOf<{ status: string; order_id: number }>(
    tx,
    sql`select status, nextval(pg_get_serial_sequence('orders', 'id'))::int as order_id
        from cashbox_sessions where id = ${register.sessionId} for share`,
  );
  if (!opened || opened.status !== 'open') throw closedDrawer(register);
  const orderId = opened.order_id;

  const sold = new Map<number, number>();
  for (const line of sale.lines) {
    if (sale.variants.get(line.item.variantId)?.trackStock) sold.set(line.item.variantId, (sold.get(line.item.variantId) ?? 0) - line.quantity);
  }
  const levels = await changeStockMany(tx, {
    outletId: register.outletId,
    changes: [...sold].map(([variantId, delta]) => ({ variantId, delta })),
    reason: 'sale',
    document: { type: 'order', id: orderId },
    userId: seller.id,
  });
  if (!sale.settings.allowNegativeStock) {
    const short = levels.find((level) => level.quantityAfter < 0);
    if (short) {
      const index = sale.lines.findIndex((line) => line.item.variantId === short.variantId);
      const variant = sale.variants.get(short.variantId);
      const left = Math.max(0, short.quantityAfter - short.delta);
      throw AppError.validation({
        [`lines.${index}.quantity`]: [`Only ${left} of ${variant ? describeItem(variant) : 'this product'} left at ${register.outletName}.`],
      });
    }
  }

  const [counter] = await rowsOf<{ last_number: number }>(
    tx,
    sql`insert into outlet_order_counters as c (outlet_id, last_number) values (${register.outletId}, 1)
        on conflict (outlet_id) do update set last_number = c.last_number + 1 returning last_number`,
  );
  if (!counter) throw new Error('The order counter returned no row');
  const [stored] = await rowsOf<{ order_id: number | null; coupon_used: number }>(tx, insertSale({ orderId, number: formatOrderNumber(register.outletCode, counter.last_number), input, seller, register, sale, payments, paid, change }));
  if (!stored?.order_id) throw new AlreadySold();
  if (sale.coupon && stored.coupon_used === 0) {
    throw AppError.validation({ couponCode: ['This coupon has been used as many times as it may be.'] });
  }
  return orderId;
}

function insertSale(values: SaleToStore & { orderId: number; number: string }): SQL {
  const { input, seller, register, sale, payments, paid, change, orderId, number } = values;
  const { cart } = sale.priced;
  const lines = sale.lines.map((line, position) => {
    const priced = cart.lines[position]!;
    return {
      position,
      product_id: line.item.productId,
      variant_id: line.item.variantId,
      title: line.item.title,
      variant_name: line.item.variantName,
      sku: line.item.sku,
      quantity: line.quantity,
      unit_price: priced.unitPrice,
      unit_cost: sale.variants.get(line.item.variantId)?.unitCost ?? 0,
      gross: priced.gross,
      discount: priced.discount,
      order_discount: priced.orderDiscount,
      net: priced.net,
      charge_total: priced.chargeTotal,
      tax_total: priced.taxTotal,
      total: priced.total,
      taxes: priced.taxes,
      charges: priced.charges,
    };
  });
  const paymentRows = payments.map((p, position) => ({ position, ...p }));
  const couponId = sale.coupon?.id ?? null;
  const customerId = sale.customer?.id ?? null;
  return sql`
    with new_order as (
      insert into orders (id, uuid, number, outlet_id, register_id, cashbox_session_id, user_id, customer_id, coupon_id, coupon_code,
        receipt_template_id, subtotal, line_discount_total, order_discount_total, charge_total, net_total, tax_total, total, paid, change, taxes, note)
      values (${orderId}, ${input.uuid}, ${number}, ${register.outletId}, ${register.id}, ${register.sessionId}, ${seller.id}, ${customerId},
        ${couponId}, ${sale.coupon?.code ?? null}, ${register.receiptTemplateId}, ${cart.subtotal}, ${cart.lineDiscountTotal},
        ${cart.orderDiscountTotal}, ${cart.chargeTotal}, ${cart.netTotal}, ${cart.taxTotal}, ${cart.total}, ${paid}, ${change},
        ${json(cart.taxes)}, ${input.note})
      on conflict (uuid) do nothing
      returning id
    ), new_lines as (
      insert into order_lines (order_id, position, product_id, variant_id, title, variant_name, sku, quantity, unit_price, unit_cost,
        gross, discount, order_discount, net, charge_total, tax_total, total, taxes, charges)
      select o.id, l.position, l.product_id, l.variant_id, l.title, l.variant_name, l.sku, l.quantity, l.unit_price, l.unit_cost,
        l.gross, l.discount, l.order_discount, l.net, l.charge_total, l.tax_total, l.total, l.taxes, l.charges
      from new_order o cross join jsonb_to_recordset(${json(lines)}) as l(position int, product_id int, variant_id int, title text,
        variant_name text, sku text, quantity int, unit_price int, unit_cost int, gross int, discount int, order_discount int, net int,
        charge_total int, tax_total int, total int, taxes jsonb, charges jsonb)
      order by l.position
    ), new_payments as (
      insert into order_payments (order_id, cashbox_session_id, tender, amount, tendered, change, reference)
      select o.id, ${register.sessionId}, p.tender, p.amount, p.tendered, p.change, p.reference
      from new_order o cross join jsonb_to_recordset(${json(paymentRows)}) as p(position int, tender text, amount int, tendered int, change int, reference text)
      order by p.position
    ), used_coupon as (
      update coupons set used_count = used_count + 1, updated_at = now()
      where id = ${couponId} and (usage_limit is null or used_count < usage_limit) and exists (select 1 from new_order)
      returning id
    ), spent as (
      update customers set total_spent = total_spent + ${cart.total}, order_count = order_count + 1, updated_at = now()
      where id = ${customerId} and exists (select 1 from new_order)
      returning id
    )
    select (select id from new_order) as order_id, (select count(*)::int from used_coupon) as coupon_used`;
}
