import { defaultReceiptToggles, type ReceiptTemplate, type receiptTemplateInput, type receiptTemplateListQuery } from '@tillbook/contract';
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { receiptTemplates, registers, type ReceiptTemplateRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

type ReceiptTemplateValues = z.output<typeof receiptTemplateInput>;

export const DEFAULT_RECEIPT_TEMPLATE_NAME = 'Standard 80 mm';

export function toReceiptTemplate(row: ReceiptTemplateRow): ReceiptTemplate {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

// Named in full: inside a one-table select the builder leaves column names unqualified.
const registerCount = sql<number>`(select count(*) from "registers" where "registers"."receipt_template_id" = "receipt_templates"."id")`.mapWith(Number);

export async function listReceiptTemplates(db: DbOrTx, query: z.output<typeof receiptTemplateListQuery>) {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(receiptTemplates.name, pattern), ilike(receiptTemplates.header, pattern), ilike(receiptTemplates.footer, pattern)) as SQL);
  }
  if (query.archived !== undefined) filters.push(eq(receiptTemplates.archived, query.archived));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(
    query.sort,
    { name: receiptTemplates.name, paperWidth: receiptTemplates.paperWidth, createdAt: receiptTemplates.createdAt },
    'name',
    receiptTemplates.id,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(receiptTemplates).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      (
        await db
          .select({ template: receiptTemplates, registerCount })
          .from(receiptTemplates)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((r) => ({ ...toReceiptTemplate(r.template), registerCount: r.registerCount })),
  );
}

/** Non-archived templates for pickers. */
export async function listReceiptTemplateOptions(db: DbOrTx) {
  return db
    .select({ id: receiptTemplates.id, name: receiptTemplates.name, paperWidth: receiptTemplates.paperWidth })
    .from(receiptTemplates)
    .where(eq(receiptTemplates.archived, false))
    .orderBy(receiptTemplates.name, receiptTemplates.id);
}

export async function getReceiptTemplate(db: DbOrTx, id: number): Promise<ReceiptTemplateRow> {
  const [row] = await db.select().from(receiptTemplates).where(eq(receiptTemplates.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

export async function createReceiptTemplate(db: DbOrTx, values: ReceiptTemplateValues): Promise<ReceiptTemplateRow> {
  if (values.basedOnId !== null) {
    const [source] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).where(eq(receiptTemplates.id, values.basedOnId)).limit(1);
    if (!source) throw AppError.validation({ basedOnId: ['The copied template does not exist.'] });
  }
  const [row] = await db.insert(receiptTemplates).values(values).returning();
  if (!row) throw new Error('Inserting a receipt template returned no row');
  return row;
}

/** Archiving hides a template from pickers; one a register prints with stays (409). */
export async function setReceiptTemplateArchived(db: DbOrTx, id: number, archived: boolean): Promise<ReceiptTemplateRow> {
  await getReceiptTemplate(db, id);
  if (archived) {
    const [used] = await db.select({ n: count() }).from(registers).where(eq(registers.receiptTemplateId, id));
    const n = used?.n ?? 0;
    if (n > 0) {
      throw AppError.conflict(
        `${n === 1 ? 'A register prints' : `${n} registers print`} with this template. Give ${n === 1 ? 'it' : 'them'} another template first.`,
      );
    }
  }
  const [row] = await db.update(receiptTemplates).set({ archived }).where(eq(receiptTemplates.id, id)).returning();
  if (!row) throw AppError.notFound();
  return row;
}

/** The template every new shop starts with, created on the first start. */
export async function ensureDefaultReceiptTemplate(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).limit(1);
  if (any) return;
  await db.insert(receiptTemplates).values({
    name: DEFAULT_RECEIPT_TEMPLATE_NAME,
    paperWidth: 80,
    header: null,
    footer: 'Thank you for shopping with us!',
    ...defaultReceiptToggles,
  });
}
