import type { Attribute, AttributeValues, attributeListQuery } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import {
  countProductsOf,
  countProductsUsingAttribute,
  countVariantsOf,
  deleteAttributeById,
  deleteOptionsByIds,
  findAttributeIdByName,
  findAttributePage,
  findOptionRows,
  findOptionsOf,
  getAttribute,
  insertAttribute,
  insertOptions,
  lockAttribute,
  optionsInUseMessage,
  renameVariantsOf,
  toAttributes,
  updateAttributeById,
  updateOptionById,
} from './queries.ts';

export { getAttribute } from './queries.ts';

/** Attributes with their options; the search finds an attribute by its name or one of its options. */
export async function listAttributes(db: DbOrTx, query: z.output<typeof attributeListQuery>) {
  const page = await findAttributePage(db, query);
  const ids = page.data.map((r) => r.id);
  const [options, products] = await Promise.all([findOptionsOf(db, ids), countProductsOf(db, ids)]);
  return { ...page, data: toAttributes(page.data, options, products) };
}

/** The name is unique however it is written ("size" clashes with "Size"), as the index says. */
async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  if ((await findAttributeIdByName(db, name, exceptId)) !== undefined) throw AppError.validation({ name: ['An attribute with this name already exists.'] });
}

/** Two people saving the same name at once: the unique indexes decide, and the answer is still a 422. */
function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error, 'attributes_name_lower_unique')) {
    throw AppError.validation({ name: ['An attribute with this name already exists.'] });
  }
  if (isUniqueViolation(error)) throw AppError.validation({ options: ['Two options have the same name.'] });
  throw error;
}

export async function createAttribute(db: DbOrTx, values: AttributeValues): Promise<Attribute> {
  await assertNameFree(db, values.name);
  return db
    .transaction(async (tx) => {
      const row = await insertAttribute(tx, values.name);
      if (!row) throw new Error('Inserting an attribute returned no row');
      await insertOptions(tx, values.options.map((o, position) => ({ attributeId: row.id, name: o.name, position })));
      return getAttribute(tx, row.id);
    })
    .catch(rethrowUnique);
}

type Entry = { id?: number; name: string };

/**
 * PUT replaces the name and the option list: an entry with an id keeps that option (renamed and
 * moved as given), one without is added, and options left out are removed — unless a variant is
 * made with one (409, naming it). An entry without an id that has the name of an option being
 * removed keeps that option, so removing "M" and typing it again never breaks its variants.
 */
export async function updateAttribute(db: DbOrTx, id: number, values: AttributeValues): Promise<Attribute> {
  return db
    .transaction(async (tx) => {
      const current = await lockAttribute(tx, id);
      if (!current) throw AppError.notFound();
      await assertNameFree(tx, values.name, id);

      const existing = await findOptionRows(tx, id);
      const byId = new Map(existing.map((o) => [o.id, o]));
      const unknown: Record<string, string[]> = {};
      values.options.forEach((entry, index) => {
        if (entry.id !== undefined && !byId.has(entry.id)) {
          unknown[`options.${index}.id`] = ['This option no longer exists. Reload the attribute and try again.'];
        }
      });
      if (Object.keys(unknown).length) throw AppError.validation(unknown);

      const entries: Entry[] = values.options.map((o) => ({ ...o }));
      const keptIds = new Set(entries.flatMap((e) => (e.id === undefined ? [] : [e.id])));
      const droppedByName = new Map(existing.filter((o) => !keptIds.has(o.id)).map((o) => [o.name.toLowerCase(), o.id]));
      for (const entry of entries) {
        const reusable = entry.id === undefined ? droppedByName.get(entry.name.toLowerCase()) : undefined;
        if (reusable !== undefined) {
          entry.id = reusable;
          keptIds.add(reusable);
        }
      }

      const dropped = existing.filter((o) => !keptIds.has(o.id));
      const usage = await countVariantsOf(tx, dropped.map((o) => o.id));
      if (usage.size > 0) {
        const used = dropped.filter((o) => usage.has(o.id));
        const variants = [...usage.values()].reduce((a, b) => a + b, 0);
        throw AppError.conflict(optionsInUseMessage(used.map((o) => o.name), variants));
      }
      if (dropped.length) await deleteOptionsByIds(tx, dropped.map((o) => o.id));

      // The unique index compares names case-insensitively row by row, so renames that swap
      // names (S ↔ M) first step aside under a temporary name.
      const renamed = entries.filter((e) => e.id !== undefined && byId.get(e.id)?.name !== e.name);
      for (const entry of renamed) {
        await updateOptionById(tx, entry.id as number, { name: `\u0001${entry.id}` });
      }
      const now = new Date();
      for (const [position, entry] of entries.entries()) {
        if (entry.id === undefined) continue;
        const before = byId.get(entry.id);
        if (before?.name === entry.name && before.position === position) continue;
        await updateOptionById(tx, entry.id, { name: entry.name, position, updatedAt: now });
      }
      const added = entries.flatMap((e, position) => (e.id === undefined ? [{ attributeId: id, name: e.name, position }] : []));
      if (added.length) await insertOptions(tx, added);

      await updateAttributeById(tx, id, { name: values.name, updatedAt: now });
      await renameVariantsOf(tx, renamed.map((e) => e.id as number));
      return getAttribute(tx, id);
    })
    .catch(rethrowUnique);
}

/** Deletes an attribute no product uses (409 otherwise); its options go with it. */
export async function deleteAttribute(db: DbOrTx, id: number): Promise<void> {
  const current = await getAttribute(db, id);
  const products = await countProductsUsingAttribute(db, id);
  if (products > 0) {
    const used = products === 1 ? '1 product' : `${products} products`;
    throw AppError.conflict(`The attribute “${current.name}” is used by ${used}. Remove it from those products before deleting it.`);
  }
  await deleteAttributeById(db, id).catch((error: unknown) => {
      // A variant made with one of its options, saved since the check above.
      if (isForeignKeyViolation(error)) {
        throw AppError.conflict(`The attribute “${current.name}” is used by products. Remove it from those products before deleting it.`);
      }
      throw error;
    });
}
