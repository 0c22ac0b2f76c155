import type { receiptTemplateListQuery } from '@tillbook/contract';
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { receiptTemplates, registers, type ReceiptTemplateRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom } from '../../lib/list.ts';

type ReceiptTemplateFilters = z.output<typeof receiptTemplateListQuery>;

// Named in full: inside a one-table select the builder leaves column names unqualified.
const registerCount = sql<number>`(select count(*) from "registers" where "registers"."receipt_template_id" = "receipt_templates"."id")`.mapWith(Number);

export function receiptTemplateWhere(filters: ReceiptTemplateFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(or(ilike(receiptTemplates.name, pattern), ilike(receiptTemplates.header, pattern), ilike(receiptTemplates.footer, pattern)) as SQL);
  }
  if (filters.archived !== undefined) conditions.push(eq(receiptTemplates.archived, filters.archived));
  return conditions.length ? and(...conditions) : undefined;
}

export function receiptTemplateOrderBy(sort: string | undefined): SQL[] {
  return orderByFrom(sort, { name: receiptTemplates.name, paperWidth: receiptTemplates.paperWidth, createdAt: receiptTemplates.createdAt }, 'name', receiptTemplates.id);
}

export async function countReceiptTemplates(db: DbOrTx, where: SQL | undefined): Promise<number> {
  return (await db.select({ n: count() }).from(receiptTemplates).where(where))[0]?.n ?? 0;
}

/** One page of templates, each with how many registers print with it. */
export function findReceiptTemplatePage(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  return db
    .select({ template: receiptTemplates, registerCount })
    .from(receiptTemplates)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** Non-archived templates, by name. */
export function findReceiptTemplateOptions(db: DbOrTx) {
  return db
    .select({ id: receiptTemplates.id, name: receiptTemplates.name, paperWidth: receiptTemplates.paperWidth })
    .from(receiptTemplates)
    .where(eq(receiptTemplates.archived, false))
    .orderBy(receiptTemplates.name, receiptTemplates.id);
}

export async function findReceiptTemplateById(db: DbOrTx, id: number): Promise<ReceiptTemplateRow | undefined> {
  const [row] = await db.select().from(receiptTemplates).where(eq(receiptTemplates.id, id)).limit(1);
  return row;
}

export async function hasReceiptTemplate(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).where(eq(receiptTemplates.id, id)).limit(1);
  return row !== undefined;
}

export async function hasAnyReceiptTemplate(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: receiptTemplates.id }).from(receiptTemplates).limit(1);
  return row !== undefined;
}

export async function insertReceiptTemplate(db: DbOrTx, values: typeof receiptTemplates.$inferInsert): Promise<ReceiptTemplateRow | undefined> {
  const [row] = await db.insert(receiptTemplates).values(values).returning();
  return row;
}

export async function countRegistersPrintingWith(db: DbOrTx, templateId: number): Promise<number> {
  const [used] = await db.select({ n: count() }).from(registers).where(eq(registers.receiptTemplateId, templateId));
  return used?.n ?? 0;
}

export async function updateReceiptTemplateArchived(db: DbOrTx, id: number, archived: boolean): Promise<ReceiptTemplateRow | undefined> {
  const [row] = await db.update(receiptTemplates).set({ archived }).where(eq(receiptTemplates.id, id)).returning();
  return row;
}
