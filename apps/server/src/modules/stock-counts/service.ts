import {
  addDays,
  countNumber,
  MAX_QUANTITY,
  pageMetaOf,
  zonedDayStart,
  type StockCount,
  type StockCountApplyInput,
  type StockCountCreateValues,
  type StockCountFilters,
  type StockCountLine,
  type StockCountLineFilter,
  type StockCountListItem,
  type stockCountEditInput,
  type stockCountEntryInput,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Page } from '../../lib/list.ts';
import type { AuditActor } from '../audit/service.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { auditCountApplied } from './audit-entry.ts';
import {
  categoryExists,
  countAdjustments,
  countWhere,
  findCount,
  findCountDetail,
  findCountPage,
  findLine,
  findLinePage,
  findTotals,
  findVariantsTracking,
  hasLine,
  insertCount,
  insertCountLines,
  isVariantInCategory,
  markApplied,
  markCancelled,
  outletExists,
  postVariances,
  recordEntry,
  updateNote,
  zeroUncounted,
  type CountListRow,
  type CountRow,
  type LineRow,
} from './queries.ts';

type Actor = { id: number };

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

function listItemOf(row: CountListRow): StockCountListItem {
  return {
    id: row.id,
    number: countNumber(row.id),
    outletId: row.outlet_id,
    outletName: row.outlet_name,
    scope: row.scope,
    categoryId: row.category_id,
    categoryName: row.category_name,
    status: row.status,
    note: row.note,
    userName: row.user_name,
    lineCount: row.line_count,
    countedCount: row.counted_count,
    createdAt: iso(row.created_at),
    appliedAt: isoOrNull(row.applied_at),
    cancelledAt: isoOrNull(row.cancelled_at),
  };
}

function lineOf(row: LineRow): StockCountLine {
  const variance = row.counted === null ? null : row.counted - (row.expected + row.moved_before_count);
  return {
    variantId: row.variant_id,
    productId: row.product_id,
    productTitle: row.product_title,
    variantName: row.variant_name,
    sku: row.sku,
    barcode: row.barcode,
    expected: row.expected,
    movedBeforeCount: row.moved_before_count,
    counted: row.counted,
    variance,
    varianceValue: variance === null ? null : variance * row.unit_cost,
    unitCost: row.unit_cost,
    countedByName: row.counted_by_name,
    countedAt: isoOrNull(row.counted_at),
  };
}

export async function listStockCounts(db: DbOrTx, filters: StockCountFilters): Promise<Page<StockCountListItem>> {
  if (filters.from && filters.to && filters.from > filters.to) throw AppError.validation({ to: ['The to date must be on or after the from date.'] });
  const timeZone = await getShopTimeZone(db);
  const where = countWhere(filters, {
    from: filters.from ? zonedDayStart(filters.from, timeZone) : undefined,
    to: filters.to ? zonedDayStart(addDays(filters.to, 1), timeZone) : undefined,
  });
  const { rows, total } = await findCountPage(db, where, (filters.sort ?? '-createdAt').startsWith('-'), filters.perPage, (filters.page - 1) * filters.perPage);
  return { data: rows.map(listItemOf), meta: pageMetaOf(filters.page, filters.perPage, total) };
}

export async function getStockCount(db: DbOrTx, id: number): Promise<StockCount> {
  const row = await findCountDetail(db, id);
  if (!row) throw AppError.notFound();
  const [totals, adjustments] = await Promise.all([findTotals(db, { id, outletId: row.outlet_id }), countAdjustments(db, id)]);
  return {
    ...listItemOf(row),
    appliedByName: row.applied_by_name,
    adjustments,
    updatedAt: iso(row.updated_at),
    totals: {
      lines: totals.lines,
      counted: totals.counted,
      uncounted: totals.uncounted,
      varianceLines: totals.variance_lines,
      uncountedInStock: totals.uncounted_in_stock,
      unitsOver: totals.units_over,
      unitsShort: totals.units_short,
      valueOver: totals.value_over,
      valueShort: totals.value_short,
    },
  };
}

/** The list's products must exist and track stock; each message lands on its row (variantIds.3). */
async function assertListed(db: DbOrTx, variantIds: number[]) {
  const tracking = await findVariantsTracking(db, [...new Set(variantIds)]);
  const errors: Record<string, string[]> = {};
  variantIds.forEach((id, index) => {
    const tracks = tracking.get(id);
    if (tracks === undefined) errors[`variantIds.${index}`] = ['The selected product does not exist.'];
    else if (!tracks) errors[`variantIds.${index}`] = ['This product does not track stock.'];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/**
 * Starts a count: the sheet freezes every line's expected quantity and cost at this moment, in
 * one insert…select however many lines it has.
 */
export async function createStockCount(db: Db, input: StockCountCreateValues, actor: Actor): Promise<StockCount> {
  const errors: Record<string, string[]> = {};
  if (!(await outletExists(db, input.outletId))) errors.outletId = ['The chosen outlet does not exist.'];
  if (input.scope === 'category' && input.categoryId !== null && !(await categoryExists(db, input.categoryId))) errors.categoryId = ['The chosen category does not exist.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
  if (input.scope === 'list') await assertListed(db, input.variantIds);

  const id = await db.transaction(async (tx) => {
    const countId = await insertCount(tx, {
      outletId: input.outletId,
      scope: input.scope,
      categoryId: input.scope === 'category' ? input.categoryId : null,
      note: input.note,
      userId: actor.id,
    });
    const lines = await insertCountLines(tx, {
      id: countId,
      outletId: input.outletId,
      scope: input.scope,
      categoryId: input.categoryId,
      variantIds: [...new Set(input.variantIds)],
    });
    if (lines === 0) {
      throw AppError.validation(
        input.scope === 'category'
          ? { categoryId: ['No active product that tracks stock is filed in this category.'] }
          : { scope: ['There is no active product that tracks stock to count.'] },
      );
    }
    return countId;
  });
  return getStockCount(db, id);
}

/** Why a count takes no more counting or applying, or null while it is open. */
function closedMessage(count: CountRow, doing: 'counted' | 'applied'): string | null {
  if (count.status === 'applied') return `${countNumber(count.id)} has been applied already: it can no longer be ${doing}.`;
  if (count.status === 'cancelled') return `${countNumber(count.id)} was cancelled: it can no longer be ${doing}.`;
  return null;
}

/**
 * A counter's entry. Several people count at once: the line changes in one atomic statement, and
 * the count row is share-locked so an apply waits for entries in flight (and entries after it
 * see it applied).
 */
export async function countLine(db: Db, countId: number, input: z.output<typeof stockCountEntryInput>, actor: Actor): Promise<StockCountLine> {
  await db.transaction(async (tx) => {
    const count = await findCount(tx, countId, 'share');
    if (!count) throw AppError.notFound();
    const closed = closedMessage(count, 'counted');
    if (closed) throw AppError.validation({ status: [closed] });
    if (!(await hasLine(tx, countId, input.variantId))) {
      const tracking = (await findVariantsTracking(tx, [input.variantId])).get(input.variantId);
      if (tracking === undefined) throw AppError.validation({ variantId: ['The selected product does not exist.'] });
      if (!tracking) throw AppError.validation({ variantId: ['This product does not track stock.'] });
      if (count.scope === 'category' && (count.category_id === null || !(await isVariantInCategory(tx, input.variantId, count.category_id)))) {
        throw AppError.validation({ variantId: ['This product is not in the category being counted.'] });
      }
    }
    const counted = await recordEntry(tx, { countId, outletId: count.outlet_id, variantId: input.variantId, quantity: input.quantity, mode: input.mode, userId: actor.id });
    if (counted > MAX_QUANTITY) throw AppError.validation({ quantity: [`The counted quantity may not be greater than ${MAX_QUANTITY}.`] });
  });
  const line = await findLine(db, countId, input.variantId);
  if (!line) throw new Error('The counted line was not read back');
  return lineOf(line);
}

export async function listCountLines(
  db: DbOrTx,
  countId: number,
  query: { page: number; perPage: number; search?: string; filter: StockCountLineFilter },
): Promise<Page<StockCountLine>> {
  if (!(await findCount(db, countId))) throw AppError.notFound();
  const { rows, total } = await findLinePage(db, countId, query, query.perPage, (query.page - 1) * query.perPage);
  return { data: rows.map(lineOf), meta: pageMetaOf(query.page, query.perPage, total) };
}

/** The note of any count; cancelling only while it is counting. */
export async function editStockCount(db: Db, countId: number, input: z.output<typeof stockCountEditInput>): Promise<StockCount> {
  await db.transaction(async (tx) => {
    const count = await findCount(tx, countId, 'update');
    if (!count) throw AppError.notFound();
    if (input.status === 'cancelled') {
      if (count.status === 'applied') throw AppError.validation({ status: [`${countNumber(count.id)} has been applied already: it can no longer be cancelled.`] });
      if (count.status === 'counting') await markCancelled(tx, countId);
    }
    if (input.note !== undefined) await updateNote(tx, countId, input.note);
  });
  return getStockCount(db, countId);
}

/**
 * Applies the count: one ledger move per variance (reason "count"), in one move_stock call. The
 * count row is locked for update and its status checked first, so two applies never post twice.
 */
export async function applyStockCount(
  db: Db,
  countId: number,
  input: Required<Pick<StockCountApplyInput, 'uncounted'>>,
  actor: Actor,
  audit: AuditActor = { id: actor.id, name: null },
): Promise<StockCount> {
  await db.transaction(async (tx) => {
    const count = await findCount(tx, countId, 'update');
    if (!count) throw AppError.notFound();
    const closed = closedMessage(count, 'applied');
    if (closed) throw AppError.validation({ status: [closed] });
    const target = { id: count.id, outletId: count.outlet_id, note: count.note };
    if (input.uncounted === 'zero') await zeroUncounted(tx, target, actor.id);
    await auditCountApplied(tx, audit, target);
    await postVariances(tx, { ...target, note: `Stock count ${countNumber(count.id)}` }, actor.id);
    await markApplied(tx, countId, actor.id);
  });
  return getStockCount(db, countId);
}
