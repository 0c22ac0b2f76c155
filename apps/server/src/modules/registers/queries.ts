import type { registerInput, registerListQuery } from '@tillbook/contract';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, eq, ilike, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { cashboxSessions, outlets, receiptTemplates, registers, users, type RegisterRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

type RegisterListValues = z.output<typeof registerListQuery>;
/** What a register row holds once its slug is settled. */
export type RegisterColumns = z.output<typeof registerInput> & { slug: string };

const drawerOpener = alias(users, 'drawer_opener');

/** The list's page; `scope` is what the viewer may see (an outlet, only active registers), on top of the query's filters. */
export async function findRegisterPage(db: DbOrTx, query: RegisterListValues, scope: { outletId: number | undefined; isActiveOnly: boolean }) {
  const filters: SQL[] = [];
  if (scope.outletId !== undefined) filters.push(eq(registers.outletId, scope.outletId));
  if (scope.isActiveOnly) filters.push(eq(registers.active, true));
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(registers.name, pattern), ilike(registers.slug, pattern)) as SQL);
  }
  if (query.receiptTemplateId !== undefined) filters.push(eq(registers.receiptTemplateId, query.receiptTemplateId));
  if (query.active !== undefined) filters.push(eq(registers.active, query.active));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(
    query.sort,
    { name: registers.name, slug: registers.slug, createdAt: registers.createdAt, outlet: outlets.name },
    'name',
    registers.id,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(registers).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      db
        .select({
          register: registers,
          outletName: outlets.name,
          receiptTemplateName: receiptTemplates.name,
          sessionId: cashboxSessions.id,
          openedAt: cashboxSessions.openedAt,
          openedByName: drawerOpener.name,
        })
        .from(registers)
        .innerJoin(outlets, eq(outlets.id, registers.outletId))
        .innerJoin(receiptTemplates, eq(receiptTemplates.id, registers.receiptTemplateId))
        // At most one open session per register (partial unique index), so the join never multiplies rows.
        .leftJoin(cashboxSessions, and(eq(cashboxSessions.registerId, registers.id), eq(cashboxSessions.status, 'open')))
        .leftJoin(drawerOpener, eq(drawerOpener.id, cashboxSessions.openedBy))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
  );
}

export async function findRegisterById(db: DbOrTx, id: number): Promise<RegisterRow | undefined> {
  const [row] = await db.select().from(registers).where(eq(registers.id, id)).limit(1);
  return row;
}

/** Slugs already taken among `stem` and `stem-…` (other than this register's). */
export async function findTakenSlugs(db: DbOrTx, stem: string, exceptId?: number): Promise<string[]> {
  const others = exceptId === undefined ? undefined : ne(registers.id, exceptId);
  const rows = await db
    .select({ slug: registers.slug })
    .from(registers)
    .where(and(or(eq(registers.slug, stem), like(registers.slug, `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`)), others));
  return rows.map((r) => r.slug);
}

export async function findOutletCode(db: DbOrTx, outletId: number): Promise<{ id: number; code: string } | undefined> {
  const [outlet] = await db.select({ id: outlets.id, code: outlets.code }).from(outlets).where(eq(outlets.id, outletId)).limit(1);
  return outlet;
}

export async function findReceiptTemplateState(db: DbOrTx, id: number): Promise<{ id: number; archived: boolean } | undefined> {
  const [template] = await db
    .select({ id: receiptTemplates.id, archived: receiptTemplates.archived })
    .from(receiptTemplates)
    .where(eq(receiptTemplates.id, id))
    .limit(1);
  return template;
}

/** Whether another register of the outlet has this name, ignoring case. */
export async function isRegisterNameTaken(db: DbOrTx, outletId: number, name: string, exceptId?: number): Promise<boolean> {
  const others = exceptId === undefined ? undefined : ne(registers.id, exceptId);
  const [byName] = await db
    .select({ id: registers.id })
    .from(registers)
    .where(and(eq(registers.outletId, outletId), sql`lower(${registers.name}) = lower(${name})`, others))
    .limit(1);
  return byName !== undefined;
}

export async function isRegisterSlugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const others = exceptId === undefined ? undefined : ne(registers.id, exceptId);
  const [bySlug] = await db.select({ id: registers.id }).from(registers).where(and(eq(registers.slug, slug), others)).limit(1);
  return bySlug !== undefined;
}

export async function insertRegister(db: DbOrTx, columns: RegisterColumns): Promise<RegisterRow | undefined> {
  const [row] = await db.insert(registers).values(columns).returning();
  return row;
}

export async function updateRegisterById(db: DbOrTx, id: number, columns: RegisterColumns): Promise<RegisterRow | undefined> {
  const [row] = await db
    .update(registers)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(registers.id, id))
    .returning();
  return row;
}

export async function deleteRegisterById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(registers).where(eq(registers.id, id));
}
