import type { Register, RegisterListItem, registerInput, registerListQuery } from '@tillbook/contract';
import { suggestRegisterSlug } from '@tillbook/contract';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, eq, ilike, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { cashboxSessions, outlets, receiptTemplates, registers, users, type RegisterRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { outletOfViewer, type Viewer } from '../../lib/viewer.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

type RegisterValues = z.output<typeof registerInput>;
type RegisterListValues = z.output<typeof registerListQuery>;

export function toRegister(row: RegisterRow): Register {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const drawerOpener = alias(users, 'drawer_opener');

/** Administrators see every register; a cashier only the active ones of their outlet (another outlet asked for: 403). */
export async function listRegisters(db: DbOrTx, query: RegisterListValues, viewer: Viewer) {
  const filters: SQL[] = [];
  const outletId = outletOfViewer(viewer, query.outletId);
  if (outletId !== undefined) filters.push(eq(registers.outletId, outletId));
  if (viewer.type !== 'administrator') filters.push(eq(registers.active, true));
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
    async (limit, offset): Promise<RegisterListItem[]> =>
      (
        await db
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
          .offset(offset)
      ).map((r) => ({
        ...toRegister(r.register),
        outletName: r.outletName,
        receiptTemplateName: r.receiptTemplateName,
        drawer:
          r.sessionId === null || r.openedAt === null
            ? null
            : { isOpen: true as const, sessionId: r.sessionId, openedAt: r.openedAt.toISOString(), openedByName: r.openedByName ?? 'A former user' },
      })),
  );
}

export async function getRegister(db: DbOrTx, id: number): Promise<RegisterRow> {
  const [row] = await db.select().from(registers).where(eq(registers.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/** A free slug from the outlet code and the name: main-till-1, then main-till-1-2, … */
async function freeSlug(db: DbOrTx, base: string, exceptId?: number): Promise<string> {
  const stem = base.length >= 2 ? base : `register-${base}`.replace(/-+$/, '');
  const others = exceptId === undefined ? undefined : ne(registers.id, exceptId);
  const taken = new Set(
    (
      await db
        .select({ slug: registers.slug })
        .from(registers)
        .where(and(or(eq(registers.slug, stem), like(registers.slug, `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`)), others))
    ).map((r) => r.slug),
  );
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, 60 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Outlet and template must exist; name (per outlet) and slug are unique. Errors land on their fields. */
async function resolveValues(db: DbOrTx, values: RegisterValues, current?: RegisterRow): Promise<RegisterValues & { slug: string }> {
  const errors: Record<string, string[]> = {};
  const [outlet] = await db.select({ id: outlets.id, code: outlets.code }).from(outlets).where(eq(outlets.id, values.outletId)).limit(1);
  if (!outlet) errors.outletId = ['The chosen outlet does not exist.'];
  const [template] = await db
    .select({ id: receiptTemplates.id, archived: receiptTemplates.archived })
    .from(receiptTemplates)
    .where(eq(receiptTemplates.id, values.receiptTemplateId))
    .limit(1);
  if (!template) errors.receiptTemplateId = ['The chosen receipt template does not exist.'];
  else if (template.archived && current?.receiptTemplateId !== template.id) {
    errors.receiptTemplateId = ['The chosen receipt template is archived. Choose another or unarchive it.'];
  }
  const others = current ? ne(registers.id, current.id) : undefined;
  if (outlet) {
    const [byName] = await db
      .select({ id: registers.id })
      .from(registers)
      .where(and(eq(registers.outletId, outlet.id), sql`lower(${registers.name}) = lower(${values.name})`, others))
      .limit(1);
    if (byName) errors.name = ['This outlet already has a register with this name.'];
  }
  let slug = values.slug;
  if (slug !== null) {
    const [bySlug] = await db.select({ id: registers.id }).from(registers).where(and(eq(registers.slug, slug), others)).limit(1);
    if (bySlug) errors.slug = ['Another register already has this slug.'];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
  slug ??= await freeSlug(db, suggestRegisterSlug(values.name, outlet?.code), current?.id);
  return { ...values, slug };
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error, 'registers_slug_unique')) throw AppError.validation({ slug: ['Another register already has this slug.'] });
  if (isUniqueViolation(error)) throw AppError.validation({ name: ['This outlet already has a register with this name.'] });
  throw error;
}

export async function createRegister(db: DbOrTx, values: RegisterValues): Promise<RegisterRow> {
  const resolved = await resolveValues(db, values);
  const [row] = await db.insert(registers).values(resolved).returning().catch(rethrowUnique);
  if (!row) throw new Error('Inserting a register returned no row');
  return row;
}

export async function updateRegister(db: DbOrTx, id: number, values: RegisterValues): Promise<RegisterRow> {
  const current = await getRegister(db, id);
  const resolved = await resolveValues(db, values, current);
  const [row] = await db
    .update(registers)
    .set({ ...resolved, updatedAt: new Date() })
    .where(eq(registers.id, id))
    .returning()
    .catch(rethrowUnique);
  if (!row) throw AppError.notFound();
  return row;
}

/** Deletes a register nothing refers to; once sales or drawer sessions refer to it, 409. */
export async function deleteRegister(db: DbOrTx, id: number): Promise<void> {
  await getRegister(db, id);
  await db
    .delete(registers)
    .where(eq(registers.id, id))
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw AppError.conflict('This register has sales or cash drawer records. Deactivate it instead of deleting it.');
      throw error;
    });
}
