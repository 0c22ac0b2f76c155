import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import {
  approvals,
  cashboxSessions,
  cashMovements,
  drawerOpenings,
  orderPayments,
  orders,
  outlets,
  refundPayments,
  refunds,
  registers,
  users,
  type CashboxSessionRow,
  type RegisterRow,
} from '../../db/schema/index.ts';
import { likePattern, orderByFrom } from '../../lib/list.ts';

// Registers

/** The registers whose slug is `slug` or (when given) whose id is `id`: at most two. */
export function findRegistersBySlugOrId(db: DbOrTx, slug: string, id: number | null): Promise<RegisterRow[]> {
  return db
    .select()
    .from(registers)
    .where(id !== null ? or(eq(registers.slug, slug), eq(registers.id, id)) : eq(registers.slug, slug))
    .limit(2);
}

export async function findRegisterById(db: DbOrTx, id: number): Promise<RegisterRow | undefined> {
  const [register] = await db.select().from(registers).where(eq(registers.id, id)).limit(1);
  return register;
}

// Sessions

export const openSessionOf = (registerId: number): SQL => sql`${cashboxSessions.registerId} = ${registerId} and ${cashboxSessions.status} = 'open'`;
export const openSessionHeldBy = (userId: number): SQL => sql`${cashboxSessions.openedBy} = ${userId} and ${cashboxSessions.status} = 'open'`;
export const sessionWithId = (sessionId: number): SQL => eq(cashboxSessions.id, sessionId);

const opener = alias(users, 'opener');
const closer = alias(users, 'closer');
const closeApprover = alias(users, 'close_approver');

/** A session with the names the screens show (and who approved a close beyond the cashier's right). */
export type SessionRecord = CashboxSessionRow & {
  registerName: string;
  registerSlug: string;
  outletName: string;
  openedByName: string | null;
  closedByName: string | null;
  closeApprovedByName: string | null;
};

const sessionColumns = {
  session: cashboxSessions,
  registerName: registers.name,
  registerSlug: registers.slug,
  outletName: outlets.name,
  openedByName: opener.name,
  closedByName: closer.name,
  closeApprovedByName: closeApprover.name,
};

function selectSessions(db: DbOrTx) {
  return db
    .select(sessionColumns)
    .from(cashboxSessions)
    .innerJoin(registers, eq(registers.id, cashboxSessions.registerId))
    .innerJoin(outlets, eq(outlets.id, cashboxSessions.outletId))
    .leftJoin(opener, eq(opener.id, cashboxSessions.openedBy))
    .leftJoin(closer, eq(closer.id, cashboxSessions.closedBy))
    .leftJoin(approvals, eq(approvals.id, cashboxSessions.closeApprovalId))
    .leftJoin(closeApprover, eq(closeApprover.id, approvals.approvedBy));
}

type SessionSelection = Awaited<ReturnType<ReturnType<typeof selectSessions>['execute']>>[number];
const toRecord = ({ session, ...names }: SessionSelection): SessionRecord => ({ ...session, ...names });

export async function findSession(db: DbOrTx, where: SQL): Promise<SessionRecord | null> {
  const [row] = await selectSessions(db).where(where).limit(1);
  return row ? toRecord(row) : null;
}

export type SessionFilters = { openedBy?: number; registerId?: number; outletId?: number; open?: boolean; search?: string };

export function sessionWhere(filters: SessionFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.openedBy !== undefined) conditions.push(eq(cashboxSessions.openedBy, filters.openedBy));
  if (filters.registerId !== undefined) conditions.push(eq(cashboxSessions.registerId, filters.registerId));
  if (filters.outletId !== undefined) conditions.push(eq(cashboxSessions.outletId, filters.outletId));
  if (filters.open !== undefined) conditions.push(eq(cashboxSessions.status, filters.open ? 'open' : 'closed'));
  if (filters.search) conditions.push(ilike(registers.name, likePattern(filters.search)));
  return conditions.length ? and(...conditions) : undefined;
}

export function sessionOrderBy(sort: string | undefined): SQL[] {
  return orderByFrom(sort, { openedAt: cashboxSessions.openedAt, closedAt: cashboxSessions.closedAt, register: registers.name }, '-openedAt', cashboxSessions.id);
}

export async function countSessions(db: DbOrTx, where: SQL | undefined): Promise<number> {
  return (await db.select({ n: count() }).from(cashboxSessions).innerJoin(registers, eq(registers.id, cashboxSessions.registerId)).where(where))[0]?.n ?? 0;
}

export async function findSessionPage(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<SessionRecord[]> {
  return (await selectSessions(db).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map(toRecord);
}

/** Locks the open session of a register (if any) so a close and a movement never interleave. */
export async function lockOpenSessionOf(tx: DbOrTx, registerId: number): Promise<void> {
  await execute(tx, sql`select id from ${cashboxSessions} where ${openSessionOf(registerId)} for update`);
}

export async function insertSession(db: DbOrTx, values: typeof cashboxSessions.$inferInsert): Promise<number> {
  const [row] = await db.insert(cashboxSessions).values(values).returning({ id: cashboxSessions.id });
  if (!row) throw new Error('Inserting a drawer session returned no row');
  return row.id;
}

export async function updateSession(tx: DbOrTx, sessionId: number, values: Partial<typeof cashboxSessions.$inferInsert>): Promise<void> {
  await tx.update(cashboxSessions).set(values).where(eq(cashboxSessions.id, sessionId));
}

// Cash movements

export async function insertMovement(tx: DbOrTx, values: typeof cashMovements.$inferInsert) {
  const [row] = await tx.insert(cashMovements).values(values).returning();
  return row;
}

/** A session's cash in and out, oldest first, with who moved it. */
export function findMovements(db: DbOrTx, sessionId: number) {
  return db
    .select({ movement: cashMovements, userName: users.name })
    .from(cashMovements)
    .leftJoin(users, eq(users.id, cashMovements.userId))
    .where(eq(cashMovements.sessionId, sessionId))
    .orderBy(asc(cashMovements.createdAt), asc(cashMovements.id));
}

// "No sale": the drawer opened without a sale

export async function insertDrawerOpening(tx: DbOrTx, values: typeof drawerOpenings.$inferInsert) {
  const [row] = await tx.insert(drawerOpenings).values(values).returning();
  if (!row) throw new Error('Inserting a drawer opening returned no row');
  return row;
}

export async function countDrawerOpenings(db: DbOrTx, sessionId: number): Promise<number> {
  return (await db.select({ n: count() }).from(drawerOpenings).where(eq(drawerOpenings.sessionId, sessionId)))[0]?.n ?? 0;
}

// Figures: every one aggregated in SQL.

/** Σ of an integer column as a JS number (bigint in SQL, so a long shift never overflows). */
const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

export function sumSalesBySession(db: DbOrTx, sessionIds: number[]) {
  return db
    .select({ sessionId: orders.cashboxSessionId, count: count(), total: sumOf(orders.total) })
    .from(orders)
    .where(inArray(orders.cashboxSessionId, sessionIds))
    .groupBy(orders.cashboxSessionId);
}

export function sumPaymentsBySessionAndTender(db: DbOrTx, sessionIds: number[]) {
  return db
    .select({
      sessionId: orderPayments.cashboxSessionId,
      tender: orderPayments.tender,
      taken: sumOf(orderPayments.tendered),
      change: sumOf(orderPayments.change),
      amount: sumOf(orderPayments.amount),
    })
    .from(orderPayments)
    .where(inArray(orderPayments.cashboxSessionId, sessionIds))
    .groupBy(orderPayments.cashboxSessionId, orderPayments.tender);
}

export function sumMovementsBySessionAndKind(db: DbOrTx, sessionIds: number[]) {
  return db
    .select({ sessionId: cashMovements.sessionId, kind: cashMovements.kind, amount: sumOf(cashMovements.amount) })
    .from(cashMovements)
    .where(inArray(cashMovements.sessionId, sessionIds))
    .groupBy(cashMovements.sessionId, cashMovements.kind);
}

export function sumRefundPaymentsBySessionAndTender(db: DbOrTx, sessionIds: number[]) {
  return db
    .select({
      sessionId: refundPayments.cashboxSessionId,
      tender: refundPayments.tender,
      amount: sumOf(refundPayments.amount),
    })
    .from(refundPayments)
    .where(inArray(refundPayments.cashboxSessionId, sessionIds))
    .groupBy(refundPayments.cashboxSessionId, refundPayments.tender);
}

/** Refunds per session counted once, however many tenders paid them back. */
export function countRefundsBySession(db: DbOrTx, sessionIds: number[]) {
  return db
    .select({ sessionId: refundPayments.cashboxSessionId, count: sql<number>`count(distinct ${refundPayments.refundId})`.mapWith(Number) })
    .from(refundPayments)
    .where(inArray(refundPayments.cashboxSessionId, sessionIds))
    .groupBy(refundPayments.cashboxSessionId);
}

/** The Z report's sale totals of one session. */
export async function sumSessionSales(db: DbOrTx, sessionId: number) {
  const [totals] = await db
    .select({
      count: count(),
      subtotal: sumOf(orders.subtotal),
      discounts: sql<number>`coalesce(sum(${orders.lineDiscountTotal} + ${orders.orderDiscountTotal}), 0)`.mapWith(Number),
      charges: sumOf(orders.chargeTotal),
      taxes: sumOf(orders.taxTotal),
      total: sumOf(orders.total),
      giftCardsSold: sumOf(orders.giftCardsSold),
      giftCardsPaid: sumOf(orders.giftCardsPaid),
    })
    .from(orders)
    .where(eq(orders.cashboxSessionId, sessionId));
  return totals;
}

/** The tax total of the refunds counted in a session, and what they put back onto gift cards. */
export async function sumSessionRefundTax(db: DbOrTx, sessionId: number): Promise<{ taxTotal: number; giftCard: number } | undefined> {
  const [totals] = await db
    .select({ taxTotal: sumOf(refunds.taxTotal), giftCard: sumOf(refunds.giftCard) })
    .from(refunds)
    .where(eq(refunds.cashboxSessionId, sessionId));
  return totals;
}

type TaxRow = { name: string; rate_e4: number | string; is_inclusive: boolean; base: number | string; amount: number | string };

/** The tax lines stored on a session's sales or refunds, summed per tax (name, rate, inclusive). */
export async function sumTaxesPerRate(db: DbOrTx, documents: typeof orders | typeof refunds, sessionId: number) {
  const taxRows = await execute<TaxRow>(db, sql`
    select t->>'name' as name, (t->>'rateE4')::int as rate_e4, (t->>'isInclusive')::boolean as is_inclusive,
           sum((t->>'base')::bigint) as base, sum((t->>'amount')::bigint) as amount
    from ${documents}, jsonb_array_elements(${documents.taxes}) as t
    where ${documents.cashboxSessionId} = ${sessionId}
    group by 1, 2, 3
    order by 1, 2, 3`);
  return taxRows.map((r) => ({ name: r.name, rateE4: Number(r.rate_e4), isInclusive: r.is_inclusive, base: Number(r.base), amount: Number(r.amount) }));
}
