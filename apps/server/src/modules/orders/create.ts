import { formatMinorAsDecimal, settlePayments, totalMismatchMessage, type Order, type SettledPayment, type orderCreateInput } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { changeStockMany } from '../stock/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { describeItem, moneyFormatter, priceSaleFromDb, type PricedSaleFromDb } from './pricing.ts';
import { loadSaleRegister, type SaleRegister } from './pricing-source.ts';
import { getOrder, type OrderScope } from './read.ts';

type OrderCreateValues = z.output<typeof orderCreateInput>;

/** Who rings the sale up. */
export type Seller = { id: number; name: string; type: 'administrator' | 'cashier'; outletId: number | null };

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

/** A retried sale answers the first order whoever asks: its uuid is the register's own secret. */
const everyOutlet: OrderScope = { kind: 'all' };

/**
 * POST /api/orders/create. Checks the register, the seller's outlet and the open drawer, prices
 * the sale again from the database, and stores it in one transaction. The same uuid again answers
 * the first order and changes nothing (`created: false`).
 */
export async function createOrder(db: Db, input: OrderCreateValues, seller: Seller): Promise<{ order: Order; created: boolean }> {
  // The reads are independent: run them together, then answer in the order a cashier can act on.
  const pricing = priceSaleFromDb(db, input).then(
    (sale) => ({ sale }),
    (error: unknown) => ({ error }),
  );
  const register = await loadSaleRegister(db, input.registerId, input.uuid);
  if (!register) throw AppError.validation({ registerId: ['The chosen register does not exist.'] });
  if (seller.type !== 'administrator' && seller.outletId !== register.outletId) throw AppError.forbidden();
  if (register.soldOrderId !== null) return { order: await getOrder(db, { id: register.soldOrderId }, everyOutlet), created: false };
  if (!register.active) throw AppError.validation({ registerId: [`${register.name} is not active.`] });
  if (register.sessionId === null) throw closedDrawer(register);

  const priced = await pricing;
  if ('error' in priced) throw priced.error;
  const { sale } = priced;
  const { cart } = sale.priced;
  if (cart.total !== input.total) throw AppError.validation({ total: [totalMismatchMessage] });
  const settlement = settlePayments(cart.total, input.payments, formatMinorAsDecimal);
  if (!settlement.ok) {
    // Worded again in the shop's currency: the settings are read only for a refusal.
    const refusal = settlePayments(cart.total, input.payments, moneyFormatter(await getShopSettings(db)));
    throw AppError.validation({ payments: [refusal.ok ? settlement.message : refusal.message] });
  }

  const toStore: SaleToStore = { input, seller, register, sale, payments: settlement.payments, paid: settlement.paid, change: settlement.change };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const stored = await db.transaction((tx) => storeSale(tx, toStore));
      return { order: storedOrder(toStore, stored), created: true };
    } catch (error) {
      if (error instanceof AlreadySold) {
        const [first] = await rowsOf<{ id: number }>(db, sql`select id from orders where uuid = ${input.uuid}`);
        if (first) return { order: await getOrder(db, { id: first.id }, everyOutlet), created: false };
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

/** What the order statement answers: enough, with the sale itself, to answer without reading it back. */
type Stored = { orderId: number; number: string; createdAt: string; lineIds: number[]; paymentIds: number[] };

/**
 * The sale's writes in two statements, locks always taken in the same order: the stock levels
 * (by variant id), then the drawer session (shared, so a close waits for the sale) and the
 * outlet's counter, taken by the statement that writes the order, its lines, payments, coupon use
 * and customer figures — so the counter is held for that statement and the commit only.
 */
async function storeSale(tx: DbOrTx, toStore: SaleToStore): Promise<Stored> {
  const { seller, register, sale } = toStore;
  const orderId = register.newOrderId;
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
  const short = levels.find((level) => level.quantityAfter < 0);
  // The shop's setting is read only when a level went below zero.
  if (short && !(await getShopSettings(tx)).allowNegativeStock) {
    const index = sale.lines.findIndex((line) => line.item.variantId === short.variantId);
    const variant = sale.variants.get(short.variantId);
    const left = Math.max(0, short.quantityAfter - short.delta);
    throw AppError.validation({
      [`lines.${index}.quantity`]: [`Only ${left} of ${variant ? describeItem(variant) : 'this product'} left at ${register.outletName}.`],
    });
  }

  const [stored] = await rowsOf<{
    drawer_open: boolean;
    order_id: number | null;
    number: string;
    created_at: string | Date;
    line_ids: number[];
    payment_ids: number[];
    coupon_used: number;
  }>(tx, insertSale(toStore, orderId));
  if (!stored?.drawer_open) throw closedDrawer(register);
  if (!stored.order_id) throw new AlreadySold();
  if (sale.coupon && stored.coupon_used === 0) {
    throw AppError.validation({ couponCode: ['This coupon has been used as many times as it may be.'] });
  }
  return {
    orderId,
    number: stored.number,
    createdAt: new Date(stored.created_at).toISOString(),
    lineIds: stored.line_ids.map(Number),
    paymentIds: stored.payment_ids.map(Number),
  };
}

/**
 * One statement: the drawer still open, the outlet's next number (formatOrderNumber's
 * MAIN-000123, written in SQL so the counter is held no longer than this statement), the order,
 * its lines and payments, the coupon's use (guarded so concurrent sales cannot overrun its
 * limit) and the customer's figures.
 */
function insertSale(values: SaleToStore, orderId: number): SQL {
  const { input, seller, register, sale, payments, paid, change } = values;
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
    with drawer as (
      select id from cashbox_sessions where id = ${register.sessionId} and status = 'open' for share
    ), counter as (
      insert into outlet_order_counters as c (outlet_id, last_number) values (${register.outletId}, 1)
      on conflict (outlet_id) do update set last_number = c.last_number + 1
      returning last_number::text as n
    ), new_order as (
      insert into orders (id, uuid, number, outlet_id, register_id, cashbox_session_id, user_id, customer_id, coupon_id, coupon_code,
        receipt_template_id, subtotal, line_discount_total, order_discount_total, charge_total, net_total, tax_total, total, paid, change, taxes, note)
      select ${orderId}, ${input.uuid}, ${register.outletCode} || '-' || lpad(counter.n, greatest(6, length(counter.n)), '0'),
        ${register.outletId}, ${register.id}, ${register.sessionId}, ${seller.id}, ${customerId}, ${couponId}, ${sale.coupon?.code ?? null},
        ${register.receiptTemplateId}, ${cart.subtotal}, ${cart.lineDiscountTotal}, ${cart.orderDiscountTotal}, ${cart.chargeTotal},
        ${cart.netTotal}, ${cart.taxTotal}, ${cart.total}, ${paid}, ${change}, ${json(cart.taxes)}, ${input.note}
      from counter, drawer
      on conflict (uuid) do nothing
      returning id, number, created_at
    ), new_lines as (
      insert into order_lines (order_id, position, product_id, variant_id, title, variant_name, sku, quantity, unit_price, unit_cost,
        gross, discount, order_discount, net, charge_total, tax_total, total, taxes, charges)
      select o.id, l.position, l.product_id, l.variant_id, l.title, l.variant_name, l.sku, l.quantity, l.unit_price, l.unit_cost,
        l.gross, l.discount, l.order_discount, l.net, l.charge_total, l.tax_total, l.total, l.taxes, l.charges
      from new_order o cross join jsonb_to_recordset(${json(lines)}) as l(position int, product_id int, variant_id int, title text,
        variant_name text, sku text, quantity int, unit_price int, unit_cost int, gross int, discount int, order_discount int, net int,
        charge_total int, tax_total int, total int, taxes jsonb, charges jsonb)
      order by l.position
      returning id, position
    ), new_payments as (
      insert into order_payments (order_id, cashbox_session_id, tender, amount, tendered, change, reference)
      select o.id, ${register.sessionId}, p.tender, p.amount, p.tendered, p.change, p.reference
      from new_order o cross join jsonb_to_recordset(${json(paymentRows)}) as p(position int, tender text, amount int, tendered int, change int, reference text)
      order by p.position
      returning id
    ), used_coupon as (
      update coupons set used_count = used_count + 1, updated_at = now()
      where id = ${couponId} and (usage_limit is null or used_count < usage_limit) and exists (select 1 from new_order)
      returning id
    ), spent as (
      update customers set total_spent = total_spent + ${cart.total}, order_count = order_count + 1, updated_at = now()
      where id = ${customerId} and exists (select 1 from new_order)
      returning id
    )
    select exists (select 1 from drawer) as drawer_open, o.id as order_id, o.number, o.created_at,
      coalesce((select json_agg(id order by position) from new_lines), '[]'::json) as line_ids,
      coalesce((select json_agg(id order by id) from new_payments), '[]'::json) as payment_ids,
      (select count(*)::int from used_coupon) as coupon_used
    from (select 1) one left join new_order o on true`;
}

/** The answer of a new sale, from what was just stored (the same shape GET /api/orders/:id reads back). */
function storedOrder({ input, seller, register, sale, payments, paid, change }: SaleToStore, stored: Stored): Order {
  const { cart } = sale.priced;
  return {
    id: stored.orderId,
    uuid: input.uuid,
    number: stored.number,
    status: 'paid',
    outletId: register.outletId,
    outletName: register.outletName,
    registerId: register.id,
    registerName: register.name,
    cashboxSessionId: register.sessionId,
    userId: seller.id,
    cashierName: seller.name,
    customerId: sale.customer?.id ?? null,
    customerName: sale.customer?.name ?? null,
    customerEmail: sale.customer?.email ?? null,
    couponId: sale.coupon?.id ?? null,
    couponCode: sale.coupon?.code ?? null,
    subtotal: cart.subtotal,
    lineDiscountTotal: cart.lineDiscountTotal,
    orderDiscountTotal: cart.orderDiscountTotal,
    discountTotal: cart.lineDiscountTotal + cart.orderDiscountTotal,
    chargeTotal: cart.chargeTotal,
    netTotal: cart.netTotal,
    taxTotal: cart.taxTotal,
    total: cart.total,
    paid,
    change,
    note: input.note,
    receiptTemplateId: register.receiptTemplateId,
    lines: sale.lines.map((line, position) => {
      const priced = cart.lines[position]!;
      return {
        id: stored.lineIds[position]!,
        productId: line.item.productId,
        variantId: line.item.variantId,
        title: line.item.title,
        variantName: line.item.variantName,
        sku: line.item.sku,
        quantity: line.quantity,
        unitPrice: priced.unitPrice,
        gross: priced.gross,
        discount: priced.discount,
        orderDiscount: priced.orderDiscount,
        chargeTotal: priced.chargeTotal,
        taxTotal: priced.taxTotal,
        total: priced.total,
        taxes: priced.taxes,
        charges: priced.charges,
      };
    }),
    payments: payments.map((p, index) => ({ id: stored.paymentIds[index]!, ...p })),
    taxes: cart.taxes,
    createdAt: stored.createdAt,
  };
}
