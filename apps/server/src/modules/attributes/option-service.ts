import {
  MAX_ATTRIBUTE_OPTIONS,
  type AttributeOption,
  type attributeOptionCreateInput,
  type attributeOptionUpdateInput,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import {
  countVariantsOf,
  deleteOptionById,
  findOption,
  findOptionNameClash,
  findOptionRows,
  insertOption,
  lockAttribute,
  optionsInUseMessage,
  renameVariantsOf,
  updateAttributeById,
  updateOptionById,
  writeOptionOrder,
} from './queries.ts';

export { findOption as getOption } from './queries.ts';

/** One option at a time (POST /api/attributes/options/create, PUT and DELETE /options/{id}). */

async function assertOptionNameFree(tx: DbOrTx, attributeId: number, name: string, exceptId?: number) {
  const clash = await findOptionNameClash(tx, attributeId, name, exceptId);
  if (clash !== undefined) throw AppError.validation({ name: [`This attribute already has the option “${clash}”.`] });
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ name: ['This attribute already has an option with this name.'] });
  throw error;
}

/** Puts `id` at `position` (0 = first; past the end = last) and renumbers the list 0, 1, 2… */
async function placeOption(tx: DbOrTx, attributeId: number, id: number, position: number | undefined) {
  const rows = await findOptionRows(tx, attributeId);
  const others = rows.filter((r) => r.id !== id).map((r) => r.id);
  const at = position === undefined ? others.length : Math.min(position, others.length);
  others.splice(at, 0, id);
  await writeOptionOrder(tx, others, new Map(rows.map((r) => [r.id, r.position])));
}

async function touchAttribute(tx: DbOrTx, attributeId: number) {
  await updateAttributeById(tx, attributeId, { updatedAt: new Date() });
}

export async function createOption(db: DbOrTx, input: z.output<typeof attributeOptionCreateInput>): Promise<AttributeOption> {
  return db
    .transaction(async (tx) => {
      const attribute = await lockAttribute(tx, input.attributeId);
      if (!attribute) throw AppError.validation({ attributeId: ['The selected attribute does not exist.'] });
      const existing = await findOptionRows(tx, attribute.id);
      if (existing.length >= MAX_ATTRIBUTE_OPTIONS) {
        throw AppError.validation({ name: [`The attribute “${attribute.name}” already has ${MAX_ATTRIBUTE_OPTIONS} options, the most it may have.`] });
      }
      await assertOptionNameFree(tx, attribute.id, input.name);
      const row = await insertOption(tx, { attributeId: attribute.id, name: input.name, position: existing.length });
      if (!row) throw new Error('Inserting an option returned no row');
      await placeOption(tx, attribute.id, row.id, input.position);
      await touchAttribute(tx, attribute.id);
      return findOption(tx, row.id);
    })
    .catch(rethrowUnique);
}

/** Renames and, when a position is given, moves an option; its variants take the new name. */
export async function updateOption(db: DbOrTx, id: number, input: z.output<typeof attributeOptionUpdateInput>): Promise<AttributeOption> {
  return db
    .transaction(async (tx) => {
      const option = await findOption(tx, id);
      await lockAttribute(tx, option.attributeId);
      await assertOptionNameFree(tx, option.attributeId, input.name, id);
      if (input.name !== option.name) {
        await updateOptionById(tx, id, { name: input.name, updatedAt: new Date() });
        await renameVariantsOf(tx, [id]);
      }
      if (input.position !== undefined) await placeOption(tx, option.attributeId, id, input.position);
      await touchAttribute(tx, option.attributeId);
      return findOption(tx, id);
    })
    .catch(rethrowUnique);
}

/** Deletes an option no variant uses (409 otherwise); an attribute keeps at least one option. */
export async function deleteOption(db: DbOrTx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const option = await findOption(tx, id);
    const attribute = await lockAttribute(tx, option.attributeId);
    const usage = await countVariantsOf(tx, [id]);
    if (usage.size > 0) throw AppError.conflict(optionsInUseMessage([option.name], usage.get(id) ?? 0));
    const rows = await findOptionRows(tx, option.attributeId);
    if (rows.length <= 1) {
      throw AppError.conflict(`“${option.name}” is the only option of “${attribute?.name}”. An attribute needs at least one option: delete the attribute instead.`);
    }
    await deleteOptionById(tx, id).catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw AppError.conflict(optionsInUseMessage([option.name]));
        throw error;
      });
    const left = rows.filter((r) => r.id !== id);
    await writeOptionOrder(tx, left.map((r) => r.id), new Map(left.map((r) => [r.id, r.position])));
    await touchAttribute(tx, option.attributeId);
  });
}
