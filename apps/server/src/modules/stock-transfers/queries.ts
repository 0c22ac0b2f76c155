import { addDays, transferIdOfNumber, zonedDayStart, type stockTransferListQuery } from '@tillbook/contract';
import { and, asc, count, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  outlets,
  productVariants,
  products,
  stockLevels,
  stockTransferItems,
  stockTransfers,
  users,
  type StockTransferStatus,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

export type TransferRow = typeof stockTransfers.$inferSelect;
export type TransferFilters = z.output<typeof stockTransferListQuery>;
export type TransferLine = { variantId: number; quantity: number };

const fromOutlet = alias(outlets, 'from_outlet');
const toOutlet = alias(outlets, 'to_outlet');

/** Lines, units sent (or to send) and units received (null until received) of each transfer. */
const itemCount = sql<number>`(select count(*) from ${stockTransferItems} where ${stockTransferItems.stockTransferId} = ${stockTransfers.id})`.mapWith(Number);
const unitCount = sql<number>`(select coalesce(sum(${stockTransferItems.quantity}), 0) from ${stockTransferItems} where ${stockTransferItems.stockTransferId} = ${stockTransfers.id})`.mapWith(
  Number,
);
const receivedUnitCount = sql<
  number | null
>`(select sum(${stockTransferItems.receivedQuantity}) from ${stockTransferItems} where ${stockTransferItems.stockTransferId} = ${stockTransfers.id})`.mapWith(
  (v: unknown) => (v === null ? null : Number(v)),
);

const headerColumns = {
  transfer: stockTransfers,
  fromOutletName: fromOutlet.name,
  toOutletName: toOutlet.name,
  itemCount,
  unitCount,
  receivedUnitCount,
};

export type TransferHeaderRow = { transfer: TransferRow; fromOutletName: string; toOutletName: string; itemCount: number; unitCount: number; receivedUnitCount: number | null };

/**
 * The list's WHERE: status, an outlet on either side, the shop's days of creation (both
 * included), and a search for the number ("TR-12", "12") or a word of the note.
 */
function transferWhere(filters: TransferFilters, timeZone: string): SQL | undefined {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw AppError.validation({ to: ['The to date must be on or after the from date.'] });
  }
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(stockTransfers.status, filters.status));
  if (filters.outletId !== undefined) {
    conditions.push(or(eq(stockTransfers.fromOutletId, filters.outletId), eq(stockTransfers.toOutletId, filters.outletId)) as SQL);
  }
  if (filters.from) conditions.push(gte(stockTransfers.createdAt, zonedDayStart(filters.from, timeZone)));
  if (filters.to) conditions.push(lt(stockTransfers.createdAt, zonedDayStart(addDays(filters.to, 1), timeZone)));
  if (filters.search) {
    const id = transferIdOfNumber(filters.search);
    const byNote = sql`${stockTransfers.note} ilike ${likePattern(filters.search)}`;
    conditions.push(id === null ? byNote : (or(eq(stockTransfers.id, id), byNote) as SQL));
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function findTransferPage(db: DbOrTx, filters: TransferFilters, timeZone: string) {
  const where = transferWhere(filters, timeZone);
  const orderBy = orderByFrom(filters.sort, { createdAt: stockTransfers.createdAt, number: stockTransfers.id }, '-createdAt', stockTransfers.id);
  return paginate<TransferHeaderRow>(
    filters,
    async () => (await db.select({ n: count() }).from(stockTransfers).where(where))[0]?.n ?? 0,
    (limit, offset) =>
      db
        .select(headerColumns)
        .from(stockTransfers)
        .innerJoin(fromOutlet, eq(fromOutlet.id, stockTransfers.fromOutletId))
        .innerJoin(toOutlet, eq(toOutlet.id, stockTransfers.toOutletId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
  );
}

export async function findTransferHeader(db: DbOrTx, id: number): Promise<TransferHeaderRow | undefined> {
  const [row] = await db
    .select(headerColumns)
    .from(stockTransfers)
    .innerJoin(fromOutlet, eq(fromOutlet.id, stockTransfers.fromOutletId))
    .innerJoin(toOutlet, eq(toOutlet.id, stockTransfers.toOutletId))
    .where(eq(stockTransfers.id, id));
  return row;
}

/** The transfer row, locked until the transaction ends: two sends or receipts take turns. */
export async function lockTransfer(tx: DbOrTx, id: number): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update');
  return row;
}

export async function findUserNames(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Each line with what a person recognises it by, and what the two outlets hold of it now. */
export async function findTransferItems(db: DbOrTx, transfer: Pick<TransferRow, 'id' | 'fromOutletId' | 'toOutletId'>) {
  return db
    .select({
      id: stockTransferItems.id,
      variantId: stockTransferItems.variantId,
      productId: products.id,
      productTitle: products.title,
      variantName: productVariants.name,
      sku: productVariants.sku,
      barcode: productVariants.barcode,
      quantity: stockTransferItems.quantity,
      receivedQuantity: stockTransferItems.receivedQuantity,
      unitCost: stockTransferItems.unitCost,
      variantCost: productVariants.cost,
      fromOnHand: sql<number>`coalesce((select ${stockLevels.quantity} from ${stockLevels} where ${stockLevels.outletId} = ${transfer.fromOutletId} and ${stockLevels.variantId} = ${stockTransferItems.variantId}), 0)`.mapWith(
        Number,
      ),
      toOnHand: sql<number>`coalesce((select ${stockLevels.quantity} from ${stockLevels} where ${stockLevels.outletId} = ${transfer.toOutletId} and ${stockLevels.variantId} = ${stockTransferItems.variantId}), 0)`.mapWith(
        Number,
      ),
    })
    .from(stockTransferItems)
    .innerJoin(productVariants, eq(productVariants.id, stockTransferItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(stockTransferItems.stockTransferId, transfer.id))
    .orderBy(asc(stockTransferItems.position), asc(stockTransferItems.id));
}

/** Lines as stored, in their order, for sending and receiving. */
export async function findStoredItems(tx: DbOrTx, transferId: number) {
  return tx
    .select({ id: stockTransferItems.id, variantId: stockTransferItems.variantId, quantity: stockTransferItems.quantity, unitCost: stockTransferItems.unitCost })
    .from(stockTransferItems)
    .where(eq(stockTransferItems.stockTransferId, transferId))
    .orderBy(asc(stockTransferItems.position), asc(stockTransferItems.id));
}

/** Which of these outlets exist. */
export async function findOutletIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const rows = await db.select({ id: outlets.id }).from(outlets).where(inArray(outlets.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The variants that exist, with whether their product tracks stock. */
export async function findVariants(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, { trackStock: boolean; cost: number }>();
  const rows = await db
    .select({ id: productVariants.id, trackStock: products.trackStock, cost: productVariants.cost })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  return new Map(rows.map((r) => [r.id, { trackStock: r.trackStock, cost: r.cost }]));
}

export async function insertTransfer(tx: DbOrTx, values: { fromOutletId: number; toOutletId: number; note: string | null; userId: number }): Promise<number> {
  const [row] = await tx.insert(stockTransfers).values(values).returning({ id: stockTransfers.id });
  if (!row) throw new Error('Inserting a stock transfer returned no row');
  return row.id;
}

export async function updateTransferFields(tx: DbOrTx, id: number, values: Partial<Pick<TransferRow, 'fromOutletId' | 'toOutletId' | 'note'>>) {
  await tx
    .update(stockTransfers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stockTransfers.id, id));
}

/** The transfer's lines become exactly these, in this order. */
export async function replaceTransferItems(tx: DbOrTx, transferId: number, items: TransferLine[]) {
  await tx.delete(stockTransferItems).where(eq(stockTransferItems.stockTransferId, transferId));
  if (items.length) {
    await tx
      .insert(stockTransferItems)
      .values(items.map((item, position) => ({ stockTransferId: transferId, variantId: item.variantId, quantity: item.quantity, position })));
  }
}

/** Records each line's cost at sending (the variant's cost now): the value in transit. */
export async function stampUnitCosts(tx: DbOrTx, transferId: number) {
  await tx.execute(
    sql`update ${stockTransferItems} set unit_cost = v.cost from ${productVariants} v
        where ${stockTransferItems.stockTransferId} = ${transferId} and v.id = ${stockTransferItems.variantId}`,
  );
}

export async function setReceivedQuantities(tx: DbOrTx, received: { id: number; receivedQuantity: number }[]) {
  if (!received.length) return;
  const rows = JSON.stringify(received.map((r) => ({ id: r.id, received: r.receivedQuantity })));
  await tx.execute(
    sql`update ${stockTransferItems} set received_quantity = r.received
        from jsonb_to_recordset(${rows}::jsonb) as r(id int, received bigint) where ${stockTransferItems.id} = r.id`,
  );
}

export async function setTransferStatus(
  tx: DbOrTx,
  id: number,
  status: StockTransferStatus,
  stamp: Partial<Pick<TransferRow, 'sentAt' | 'sentBy' | 'receivedAt' | 'receivedBy' | 'cancelledAt'>>,
) {
  await tx
    .update(stockTransfers)
    .set({ status, ...stamp, updatedAt: new Date() })
    .where(eq(stockTransfers.id, id));
}

export async function deleteTransferById(tx: DbOrTx, id: number) {
  await tx.delete(stockTransfers).where(eq(stockTransfers.id, id));
}

/** What an outlet holds of these variants (0 for a variant it has never held). */
export async function findOnHand(db: DbOrTx, outletId: number, variantIds: number[]) {
  const rows = await db
    .select({ variantId: stockLevels.variantId, quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.outletId, outletId), inArray(stockLevels.variantId, variantIds)));
  const held = new Map(rows.map((r) => [r.variantId, r.quantity]));
  return variantIds.map((variantId) => ({ variantId, quantity: held.get(variantId) ?? 0 }));
}
