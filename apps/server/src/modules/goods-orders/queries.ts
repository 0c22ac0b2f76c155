import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { moveStock } from '../stock/service.ts';
import {
  goodsOrderEvents,
  goodsOrderItems,
  goodsOrders,
  goodsReceipts,
  outlets,
  productHistory,
  products,
  productVariants,
  stockLevels,
  suppliers,
  users,
  type GoodsOrderEventKind,
} from '../../db/schema/index.ts';

export type GoodsOrderRow = typeof goodsOrders.$inferSelect;
export type GoodsOrderItemRow = typeof goodsOrderItems.$inferSelect;

/** Many ids in one bind (`= any(…)`), however long the list. */
export function idList(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/**
 * A line's net and tax as SQL, for the list's sums only: the same rule as `pricePurchaseLine`
 * (quantity × unit cost; the tax rounded half away from zero once on the line), in numeric so no
 * product of two limits overflows. A test holds the list's figures equal to the engine's.
 */
const lineNet = sql`(i.quantity::numeric * i.unit_cost)`;
const lineTax = sql`round(i.quantity::numeric * i.unit_cost * i.tax_rate_e4 / 1000000)`;

/** The whole order's total (net + tax), for sorting the list by it. */
export const orderTotalSql = sql`(select coalesce(sum(${lineNet} + ${lineTax}), 0) from goods_order_items i where i.goods_order_id = ${goodsOrders.id})`;

const headerColumns = {
  order: goodsOrders,
  supplierName: suppliers.companyName,
  supplierEmail: suppliers.email,
  outletName: outlets.name,
  userName: users.name,
};

export type HeaderRow = { order: GoodsOrderRow; supplierName: string; supplierEmail: string | null; outletName: string; userName: string | null };

/** Orders with their supplier, outlet and creator. */
function selectHeaders(db: DbOrTx) {
  return db
    .select(headerColumns)
    .from(goodsOrders)
    .innerJoin(suppliers, eq(suppliers.id, goodsOrders.supplierId))
    .innerJoin(outlets, eq(outlets.id, goodsOrders.outletId))
    .leftJoin(users, eq(users.id, goodsOrders.userId));
}

/** One page of the filtered list (or a batch of the export). */
export async function findOrderPage(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<HeaderRow[]> {
  return selectHeaders(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

export async function findOrderHeader(db: DbOrTx, id: number): Promise<HeaderRow | undefined> {
  const [row] = await selectHeaders(db).where(eq(goodsOrders.id, id)).limit(1);
  return row;
}

/** How many orders match, and what they come to together. */
export async function findOrderTotals(db: DbOrTx, where: SQL | undefined): Promise<{ count: number; total: number }> {
  const [row] = await execute<{ count: number | string; total: number | string }>(
    db,
    sql`select count(*) as count, coalesce(sum(${orderTotalSql}), 0) as total from goods_orders where ${where ?? sql`true`}`,
  );
  return { count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) };
}

export type OrderFigures = { itemCount: number; units: number; receivedUnits: number; net: number; tax: number; total: number };
const noFigures: OrderFigures = { itemCount: 0, units: 0, receivedUnits: 0, net: 0, tax: 0, total: 0 };

/** Lines, units and money of these orders, by order (the list's rows). */
export async function findOrderFigures(db: DbOrTx, ids: number[]): Promise<(id: number) => OrderFigures> {
  if (ids.length === 0) return () => noFigures;
  const rows = await execute<{ id: number; item_count: number | string; units: number | string; received_units: number | string; net: string; tax: string }>(
    db,
    sql`select i.goods_order_id as id, count(*) as item_count, sum(i.quantity) as units, sum(i.received_quantity) as received_units,
          sum(${lineNet}) as net, sum(${lineTax}) as tax
        from goods_order_items i where i.goods_order_id = any(${idList(ids)}) group by i.goods_order_id`,
  );
  const byId = new Map(
    rows.map((r) => {
      const net = Number(r.net);
      const tax = Number(r.tax);
      return [Number(r.id), { itemCount: Number(r.item_count), units: Number(r.units), receivedUnits: Number(r.received_units), net, tax, total: net + tax }];
    }),
  );
  return (id) => byId.get(id) ?? noFigures;
}

/**
 * The order row locked until the transaction ends: edits, moves and receipts of one order take
 * turns, and each reads the lines as the one before left them. NO KEY UPDATE, the lock an UPDATE of
 * the row takes: writers of the order's timeline (a PDF downloaded meanwhile) need not wait.
 */
export async function lockOrder(tx: DbOrTx, id: number): Promise<GoodsOrderRow | undefined> {
  const [row] = await tx.select().from(goodsOrders).where(eq(goodsOrders.id, id)).for('no key update');
  return row;
}

export type ItemDetailRow = GoodsOrderItemRow & {
  productId: number;
  productTitle: string;
  variantName: string;
  sku: string;
  barcode: string | null;
  onHand: number;
  currentCost: number;
};

/** The order's lines in their order, with the product, what the outlet holds now and the variant's cost now. */
export async function findItemDetails(db: DbOrTx, order: Pick<GoodsOrderRow, 'id' | 'outletId'>, itemId?: number): Promise<ItemDetailRow[]> {
  const rows = await db
    .select({
      item: goodsOrderItems,
      productId: products.id,
      productTitle: products.title,
      variantName: productVariants.name,
      sku: productVariants.sku,
      barcode: productVariants.barcode,
      onHand: sql<number>`coalesce(${stockLevels.quantity}, 0)`.mapWith(Number),
      currentCost: productVariants.cost,
    })
    .from(goodsOrderItems)
    .innerJoin(productVariants, eq(productVariants.id, goodsOrderItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(stockLevels, and(eq(stockLevels.variantId, goodsOrderItems.variantId), eq(stockLevels.outletId, order.outletId)))
    .where(and(eq(goodsOrderItems.goodsOrderId, order.id), itemId === undefined ? undefined : eq(goodsOrderItems.id, itemId)))
    .orderBy(asc(goodsOrderItems.position), asc(goodsOrderItems.id));
  return rows.map(({ item, ...rest }) => ({ ...item, ...rest }));
}

/** The order's lines as stored (for the rules: what is outstanding, which variants are on it). */
export async function findItems(db: DbOrTx, orderId: number): Promise<GoodsOrderItemRow[]> {
  return db.select().from(goodsOrderItems).where(eq(goodsOrderItems.goodsOrderId, orderId)).orderBy(asc(goodsOrderItems.position), asc(goodsOrderItems.id));
}

export type ReceiptRow = { id: number; goodsOrderId: number; note: string | null; userName: string | null; createdAt: Date };

export async function findReceipts(db: DbOrTx, orderId: number, receiptId?: number): Promise<ReceiptRow[]> {
  return db
    .select({ id: goodsReceipts.id, goodsOrderId: goodsReceipts.goodsOrderId, note: goodsReceipts.note, userName: users.name, createdAt: goodsReceipts.createdAt })
    .from(goodsReceipts)
    .leftJoin(users, eq(users.id, goodsReceipts.userId))
    .where(and(eq(goodsReceipts.goodsOrderId, orderId), receiptId === undefined ? undefined : eq(goodsReceipts.id, receiptId)))
    .orderBy(asc(goodsReceipts.id));
}

export type ReceiptLineRow = {
  receipt_id: number;
  item_id: number;
  variant_id: number;
  product_title: string;
  variant_name: string;
  sku: string;
  quantity: number;
  unit_cost: number;
  on_hand_before: number;
  cost_before: number;
  cost_after: number;
  quantity_after: number | null;
};

/**
 * The lines of these receipts with the outlet's level just after each. The receipt and its ledger
 * rows are written in one transaction, so they share its now(): that moment, the variant and the
 * goods order find the ledger row of a line.
 */
export async function findReceiptLines(db: DbOrTx, outletId: number, receiptIds: number[]): Promise<ReceiptLineRow[]> {
  if (receiptIds.length === 0) return [];
  const rows = await execute<ReceiptLineRow>(
    db,
    sql`select l.goods_receipt_id as receipt_id, l.goods_order_item_id as item_id, l.variant_id, p.title as product_title, v.name as variant_name, v.sku,
          l.quantity, l.unit_cost, l.on_hand_before, l.cost_before, l.cost_after, m.quantity_after
        from goods_receipt_lines l
          join goods_receipts r on r.id = l.goods_receipt_id
          join goods_order_items i on i.id = l.goods_order_item_id
          join product_variants v on v.id = l.variant_id
          join products p on p.id = v.product_id
          left join lateral (
            select m.quantity_after from stock_movements m
            where m.variant_id = l.variant_id and m.outlet_id = ${outletId} and m.document_type = 'goods_order' and m.document_id = r.goods_order_id
              and m.created_at = r.created_at
            order by m.id limit 1
          ) m on true
        where l.goods_receipt_id = any(${idList(receiptIds)})
        order by l.goods_receipt_id, i.position, i.id`,
  );
  return rows.map((r) => ({
    ...r,
    receipt_id: Number(r.receipt_id),
    item_id: Number(r.item_id),
    variant_id: Number(r.variant_id),
    quantity: Number(r.quantity),
    unit_cost: Number(r.unit_cost),
    on_hand_before: Number(r.on_hand_before),
    cost_before: Number(r.cost_before),
    cost_after: Number(r.cost_after),
    quantity_after: r.quantity_after === null ? null : Number(r.quantity_after),
  }));
}

export async function findSupplier(db: DbOrTx, id: number) {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row;
}

export async function findOutlet(db: DbOrTx, id: number) {
  const [row] = await db.select().from(outlets).where(eq(outlets.id, id)).limit(1);
  return row;
}

export type VariantForLine = { id: number; trackStock: boolean; cost: number; supplierSku: string | null; supplierCost: number | null };

/** These variants, whether their product tracks stock, their cost, and the supplier's SKU and cost for them. */
export async function findVariantsForLines(db: DbOrTx, supplierId: number, variantIds: number[]): Promise<Map<number, VariantForLine>> {
  if (variantIds.length === 0) return new Map();
  const rows = await execute<{ id: number; track_stock: boolean; cost: number | string; supplier_sku: string | null; supplier_cost: number | string | null }>(
    db,
    sql`select v.id, p.track_stock, v.cost, sp.supplier_sku, sp.cost as supplier_cost
        from product_variants v
          join products p on p.id = v.product_id
          left join supplier_products sp on sp.variant_id = v.id and sp.supplier_id = ${supplierId}
        where v.id = any(${idList(variantIds)})`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), trackStock: r.track_stock, cost: Number(r.cost), supplierSku: r.supplier_sku, supplierCost: r.supplier_cost === null ? null : Number(r.supplier_cost) },
    ]),
  );
}

export type OrderColumns = Pick<GoodsOrderRow, 'supplierId' | 'outletId' | 'expectedAt' | 'note'>;
export type ItemColumns = Pick<GoodsOrderItemRow, 'variantId' | 'supplierSku' | 'quantity' | 'unitCost' | 'taxRateE4'>;

export async function insertOrder(tx: DbOrTx, columns: OrderColumns & { userId: number | null }): Promise<number> {
  const [row] = await tx.insert(goodsOrders).values(columns).returning({ id: goodsOrders.id });
  if (!row) throw new Error('Inserting a goods order returned no row');
  return row.id;
}

export async function updateOrder(tx: DbOrTx, id: number, columns: Partial<GoodsOrderRow>): Promise<void> {
  await tx
    .update(goodsOrders)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(goodsOrders.id, id));
}

/** The order's lines become exactly these, in this order. */
export async function replaceItems(tx: DbOrTx, orderId: number, items: ItemColumns[]): Promise<void> {
  await tx.delete(goodsOrderItems).where(eq(goodsOrderItems.goodsOrderId, orderId));
  if (items.length) await tx.insert(goodsOrderItems).values(items.map((item, position) => ({ ...item, goodsOrderId: orderId, position })));
}

export async function insertItem(tx: DbOrTx, orderId: number, item: ItemColumns): Promise<number> {
  const [row] = await tx
    .insert(goodsOrderItems)
    .values({
      ...item,
      goodsOrderId: orderId,
      position: sql`(select coalesce(max(position) + 1, 0) from goods_order_items where goods_order_id = ${orderId})`,
    })
    .returning({ id: goodsOrderItems.id });
  if (!row) throw new Error('Inserting a goods order line returned no row');
  return row.id;
}

export async function updateItem(tx: DbOrTx, itemId: number, columns: Partial<ItemColumns>): Promise<void> {
  await tx.update(goodsOrderItems).set(columns).where(eq(goodsOrderItems.id, itemId));
}

/** Nothing more will come of this order's lines: what is still outstanding becomes cancelled. */
export async function cancelOutstanding(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(goodsOrderItems)
    .set({ cancelledQuantity: sql`greatest(${goodsOrderItems.quantity} - ${goodsOrderItems.receivedQuantity}, 0)` })
    .where(eq(goodsOrderItems.goodsOrderId, orderId));
}

export async function deleteOrder(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(goodsOrders).where(eq(goodsOrders.id, id));
}

export async function insertEvent(
  db: DbOrTx,
  event: { goodsOrderId: number; kind: GoodsOrderEventKind; detail: Record<string, unknown> | null; userId: number | null },
): Promise<void> {
  await db.insert(goodsOrderEvents).values(event);
}

export async function findEvents(db: DbOrTx, orderId: number) {
  return db
    .select({ id: goodsOrderEvents.id, kind: goodsOrderEvents.kind, detail: goodsOrderEvents.detail, userName: users.name, createdAt: goodsOrderEvents.createdAt })
    .from(goodsOrderEvents)
    .leftJoin(users, eq(users.id, goodsOrderEvents.userId))
    .where(eq(goodsOrderEvents.goodsOrderId, orderId))
    .orderBy(asc(goodsOrderEvents.id));
}

export type LowStockRow = {
  variant_id: number;
  product_title: string;
  variant_name: string;
  sku: string;
  supplier_sku: string | null;
  cost: number;
  on_hand: number;
  on_order: number;
  reorder_level: number;
};

/**
 * The supplier's variants (active, of active products that track stock) at or below their
 * low-stock threshold at the outlet — the level's own, else the shop's default; no level means
 * none on hand — whose stock and open goods orders together do not already exceed it. The cost is
 * the supplier's when it has one, else the variant's.
 */
export async function findLowStock(db: DbOrTx, supplierId: number, outletId: number, defaultThreshold: number): Promise<LowStockRow[]> {
  const rows = await execute<LowStockRow>(
    db,
    sql`select v.id as variant_id, p.title as product_title, v.name as variant_name, v.sku, sp.supplier_sku,
          coalesce(nullif(sp.cost, 0), v.cost) as cost, s.on_hand, coalesce(oo.on_order, 0) as on_order, s.reorder_level
        from supplier_products sp
          join product_variants v on v.id = sp.variant_id and v.active
          join products p on p.id = v.product_id and p.track_stock and p.status = 'active'
          left join stock_levels sl on sl.variant_id = v.id and sl.outlet_id = ${outletId}
          cross join lateral (select coalesce(sl.quantity, 0) as on_hand, coalesce(sl.low_stock_threshold, ${defaultThreshold}::bigint) as reorder_level) s
          left join lateral (
            select sum(greatest(i.quantity - i.received_quantity - i.cancelled_quantity, 0)) as on_order
            from goods_order_items i join goods_orders g on g.id = i.goods_order_id
            where i.variant_id = v.id and g.outlet_id = ${outletId} and g.status in ('ordered', 'partially_received')
          ) oo on true
        where sp.supplier_id = ${supplierId} and s.on_hand <= s.reorder_level and s.on_hand + coalesce(oo.on_order, 0) <= s.reorder_level
        order by lower(p.title), v.position, v.id`,
  );
  return rows.map((r) => ({
    ...r,
    variant_id: Number(r.variant_id),
    cost: Number(r.cost),
    on_hand: Number(r.on_hand),
    on_order: Number(r.on_order),
    reorder_level: Number(r.reorder_level),
  }));
}

/** Newest first by default; `number` is the id (PO-000042 is order 42). */
export const sortColumns = { createdAt: goodsOrders.createdAt, expectedAt: goodsOrders.expectedAt, total: orderTotalSql, number: goodsOrders.id };

// Receiving (receive.ts): every statement takes all the delivery's lines at once.

export type LockedVariant = { id: number; productId: number; name: string; cost: number };

/**
 * Locks the delivery's variants in id order (two deliveries of the same variant take turns and
 * never deadlock) and reads their cost as the one before left it. NO KEY UPDATE, as the cost
 * update itself: a sale that refers to the variant meanwhile is not held up.
 */
export async function lockVariants(tx: DbOrTx, ids: number[]): Promise<LockedVariant[]> {
  const rows = await execute<{ id: number; product_id: number; name: string; cost: number | string }>(
    tx,
    sql`select id, product_id, name, cost from product_variants where id = any(${idList(ids)}) order by id for no key update`,
  );
  return rows.map((r) => ({ id: Number(r.id), productId: Number(r.product_id), name: r.name, cost: Number(r.cost) }));
}

/** Units of each variant on hand at all outlets together. */
export async function sumOnHand(tx: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  const rows = await execute<{ variant_id: number; on_hand: number | string }>(
    tx,
    sql`select variant_id, sum(quantity) as on_hand from stock_levels where variant_id = any(${idList(ids)}) group by variant_id`,
  );
  return new Map(rows.map((r) => [Number(r.variant_id), Number(r.on_hand)]));
}

/** New costs of the variants whose cost changed, and register sync told of their products (locked in id order). */
export async function setVariantCosts(tx: DbOrTx, costs: Array<{ id: number; cost: number }>, productIds: number[]): Promise<void> {
  if (costs.length === 0) return;
  await tx.execute(
    sql`update product_variants v set cost = c.cost, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(costs)}::jsonb) as c(id int, cost bigint) where v.id = c.id`,
  );
  await tx.execute(
    sql`update products set change_xid = pg_current_xact_id()
        where id in (select id from products where id = any(${idList(productIds)}) order by id for no key update)`,
  );
}

export async function insertProductHistory(tx: DbOrTx, entries: Array<typeof productHistory.$inferInsert>): Promise<void> {
  if (entries.length) await tx.insert(productHistory).values(entries);
}

export async function insertReceipt(tx: DbOrTx, receipt: { goodsOrderId: number; userId: number | null; note: string | null }): Promise<number> {
  const [row] = await tx.insert(goodsReceipts).values(receipt).returning({ id: goodsReceipts.id });
  if (!row) throw new Error('Inserting a goods receipt returned no row');
  return row.id;
}

export type ReceivedLine = {
  item_id: number;
  variant_id: number;
  quantity: number;
  unit_cost: number;
  on_hand_before: number;
  cost_before: number;
  cost_after: number;
};

/**
 * The receipt's lines, the stock through the ledger (move_stock once for every line: reason
 * "received", the goods order as the document, each move at its received cost) and the lines'
 * received quantities, in three statements whatever the number of lines.
 */
export async function writeReceivedLines(
  tx: DbOrTx,
  receipt: { id: number; goodsOrderId: number; outletId: number; userId: number | null },
  lines: ReceivedLine[],
): Promise<void> {
  const json = JSON.stringify(lines);
  await tx.execute(
    sql`insert into goods_receipt_lines (goods_receipt_id, goods_order_item_id, variant_id, quantity, unit_cost, on_hand_before, cost_before, cost_after)
        select ${receipt.id}, r.item_id, r.variant_id, r.quantity, r.unit_cost, r.on_hand_before, r.cost_before, r.cost_after
        from jsonb_to_recordset(${json}::jsonb) as r(item_id int, variant_id int, quantity bigint, unit_cost bigint, on_hand_before bigint, cost_before bigint, cost_after bigint)
        order by r.item_id`,
  );
  await moveStock(
    tx,
    receipt.outletId,
    lines.map((l) => ({ variantId: l.variant_id, delta: l.quantity, unitCost: l.unit_cost })),
    { reason: 'received', note: null, documentType: 'goods_order', documentId: receipt.goodsOrderId, userId: receipt.userId },
  );
  await tx.execute(
    sql`update goods_order_items i set received_quantity = i.received_quantity + r.quantity
        from jsonb_to_recordset(${json}::jsonb) as r(item_id int, quantity bigint) where i.id = r.item_id`,
  );
}
