import { defaultReceiptToggles, type ReceiptTemplate, type receiptTemplateInput, type receiptTemplateListQuery } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ReceiptTemplateRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { paginate } from '../../lib/list.ts';
import {
  countReceiptTemplates,
  countRegistersPrintingWith,
  findReceiptTemplateById,
  findReceiptTemplateOptions,
  findReceiptTemplatePage,
  hasAnyReceiptTemplate,
  hasReceiptTemplate,
  insertReceiptTemplate,
  receiptTemplateOrderBy,
  receiptTemplateWhere,
  updateReceiptTemplateArchived,
} from './queries.ts';

// Orders print a sale's receipt with the template it was sold with (orders/receipt.ts).
export { findReceiptTemplateById };

type ReceiptTemplateValues = z.output<typeof receiptTemplateInput>;

export const DEFAULT_RECEIPT_TEMPLATE_NAME = 'Standard 80 mm';

export function toReceiptTemplate(row: ReceiptTemplateRow): ReceiptTemplate {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listReceiptTemplates(db: DbOrTx, query: z.output<typeof receiptTemplateListQuery>) {
  const where = receiptTemplateWhere(query);
  const orderBy = receiptTemplateOrderBy(query.sort);
  return paginate(
    query,
    () => countReceiptTemplates(db, where),
    async (limit, offset) =>
      (await findReceiptTemplatePage(db, where, orderBy, limit, offset)).map((r) => ({ ...toReceiptTemplate(r.template), registerCount: r.registerCount })),
  );
}

/** Non-archived templates for pickers. */
export async function listReceiptTemplateOptions(db: DbOrTx) {
  return findReceiptTemplateOptions(db);
}

export async function getReceiptTemplate(db: DbOrTx, id: number): Promise<ReceiptTemplateRow> {
  const row = await findReceiptTemplateById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

export async function createReceiptTemplate(db: DbOrTx, values: ReceiptTemplateValues): Promise<ReceiptTemplateRow> {
  if (values.basedOnId !== null && !(await hasReceiptTemplate(db, values.basedOnId))) {
    throw AppError.validation({ basedOnId: ['The copied template does not exist.'] });
  }
  const row = await insertReceiptTemplate(db, values);
  if (!row) throw new Error('Inserting a receipt template returned no row');
  return row;
}

/** Archiving hides a template from pickers; one a register prints with stays (409). */
export async function setReceiptTemplateArchived(db: DbOrTx, id: number, archived: boolean): Promise<ReceiptTemplateRow> {
  await getReceiptTemplate(db, id);
  if (archived) {
    const n = await countRegistersPrintingWith(db, id);
    if (n > 0) {
      throw AppError.conflict(
        `${n === 1 ? 'A register prints' : `${n} registers print`} with this template. Give ${n === 1 ? 'it' : 'them'} another template first.`,
      );
    }
  }
  const row = await updateReceiptTemplateArchived(db, id, archived);
  if (!row) throw AppError.notFound();
  return row;
}

/** The template every new shop starts with, created on the first start. */
export async function ensureDefaultReceiptTemplate(db: DbOrTx): Promise<void> {
  if (await hasAnyReceiptTemplate(db)) return;
  await insertReceiptTemplate(db, {
    name: DEFAULT_RECEIPT_TEMPLATE_NAME,
    paperWidth: 80,
    header: null,
    footer: 'Thank you for shopping with us!',
    ...defaultReceiptToggles,
  });
}
