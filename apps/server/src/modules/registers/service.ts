import type { Register, RegisterListItem, registerInput, registerListQuery } from '@tillbook/contract';
import { suggestRegisterSlug } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { RegisterRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { outletOfViewer, type Viewer } from '../../lib/viewer.ts';
import {
  deleteRegisterById,
  findOutletCode,
  findReceiptTemplateState,
  findRegisterById,
  findRegisterPage,
  findTakenSlugs,
  insertRegister,
  isRegisterNameTaken,
  isRegisterSlugTaken,
  updateRegisterById,
  type RegisterColumns,
} from './queries.ts';

type RegisterValues = z.output<typeof registerInput>;
type RegisterListValues = z.output<typeof registerListQuery>;

export function toRegister(row: RegisterRow): Register {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Administrators see every register; a cashier only the active ones of their outlet (another outlet asked for: 403). */
export async function listRegisters(db: DbOrTx, query: RegisterListValues, viewer: Viewer) {
  const page = await findRegisterPage(db, query, { outletId: outletOfViewer(viewer, query.outletId), isActiveOnly: viewer.type !== 'administrator' });
  return {
    ...page,
    data: page.data.map(
      (r): RegisterListItem => ({
        ...toRegister(r.register),
        outletName: r.outletName,
        receiptTemplateName: r.receiptTemplateName,
        drawer:
          r.sessionId === null || r.openedAt === null
            ? null
            : { isOpen: true as const, sessionId: r.sessionId, openedAt: r.openedAt.toISOString(), openedByName: r.openedByName ?? 'A former user' },
      }),
    ),
  };
}

export async function getRegister(db: DbOrTx, id: number): Promise<RegisterRow> {
  const row = await findRegisterById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** A free slug from the outlet code and the name: main-till-1, then main-till-1-2, … */
async function freeSlug(db: DbOrTx, base: string, exceptId?: number): Promise<string> {
  const stem = base.length >= 2 ? base : `register-${base}`.replace(/-+$/, '');
  const taken = new Set(await findTakenSlugs(db, stem, exceptId));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${stem.slice(0, 60 - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Outlet and template must exist; name (per outlet) and slug are unique. Errors land on their fields. */
async function resolveValues(db: DbOrTx, values: RegisterValues, current?: RegisterRow): Promise<RegisterColumns> {
  const errors: Record<string, string[]> = {};
  const outlet = await findOutletCode(db, values.outletId);
  if (!outlet) errors.outletId = ['The chosen outlet does not exist.'];
  const template = await findReceiptTemplateState(db, values.receiptTemplateId);
  if (!template) errors.receiptTemplateId = ['The chosen receipt template does not exist.'];
  else if (template.archived && current?.receiptTemplateId !== template.id) {
    errors.receiptTemplateId = ['The chosen receipt template is archived. Choose another or unarchive it.'];
  }
  if (outlet && (await isRegisterNameTaken(db, outlet.id, values.name, current?.id))) {
    errors.name = ['This outlet already has a register with this name.'];
  }
  let slug = values.slug;
  if (slug !== null) {
    if (await isRegisterSlugTaken(db, slug, current?.id)) errors.slug = ['Another register already has this slug.'];
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
  const row = await insertRegister(db, resolved).catch(rethrowUnique);
  if (!row) throw new Error('Inserting a register returned no row');
  return row;
}

export async function updateRegister(db: DbOrTx, id: number, values: RegisterValues): Promise<RegisterRow> {
  const current = await getRegister(db, id);
  const resolved = await resolveValues(db, values, current);
  const row = await updateRegisterById(db, id, resolved).catch(rethrowUnique);
  if (!row) throw AppError.notFound();
  return row;
}

/** Deletes a register nothing refers to; once sales or drawer sessions refer to it, 409. */
export async function deleteRegister(db: DbOrTx, id: number): Promise<void> {
  await getRegister(db, id);
  await deleteRegisterById(db, id).catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw AppError.conflict('This register has sales or cash drawer records. Deactivate it instead of deleting it.');
      throw error;
    });
}
