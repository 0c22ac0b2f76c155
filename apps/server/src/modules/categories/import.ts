import { categoryCsvColumns, categoryCsvRow, type CategoryCsvRow, type CategoryUploadResult, type CategoryUploadRow } from '@tillbook/contract';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { databaseRefusalOf, isUniqueViolation } from '../../lib/db-errors.ts';
import { parseCsv, type CsvRecord } from '../../lib/csv.ts';
import { duplicateNameMessage } from './service.ts';
import { findCategoryNodes, insertCategory, lockCategoryTree, updateCategoryById } from './queries.ts';

const MAX_CATEGORY_ROWS = 5000;

type Node = { id: number; name: string; parentId: number | null };
type Failure = CategoryUploadResult['failed'][number];
type ValidRow = { row: number; values: CategoryCsvRow };

const keyOf = (parentId: number | null, name: string) => `${parentId ?? 0}/${name.toLowerCase()}`;

/** The categories tree in memory, kept up to date as the file's rows create categories. */
class TreeIndex {
  private readonly byId = new Map<number, Node>();
  private readonly byKey = new Map<string, number>();
  private readonly byName = new Map<string, number[]>();

  constructor(nodes: Node[]) {
    for (const node of nodes) this.add(node);
  }

  add(node: Node) {
    this.byId.set(node.id, node);
    this.byKey.set(keyOf(node.parentId, node.name), node.id);
    const name = node.name.toLowerCase();
    this.byName.set(name, [...(this.byName.get(name) ?? []), node.id]);
  }

  find(parentId: number | null, name: string): number | undefined {
    return this.byKey.get(keyOf(parentId, name));
  }

  /**
   * "Tea" or, when several categories share the name, "Drinks > Tea" (nearest parents only, or
   * the whole path from the top).
   */
  resolve(text: string): { id: number } | { error: 'missing' | 'ambiguous'; last: string } {
    const whole = this.byName.get(text.toLowerCase()) ?? [];
    if (whole.length === 1 && whole[0] !== undefined) return { id: whole[0] };
    const segments = text.split(/\s*>\s*/).filter(Boolean);
    const last = segments.at(-1) ?? text;
    const matches = (this.byName.get(last.toLowerCase()) ?? []).filter((id) => this.hasAncestors(id, segments.slice(0, -1)));
    if (matches.length === 1 && matches[0] !== undefined) return { id: matches[0] };
    return { error: matches.length ? 'ambiguous' : 'missing', last };
  }

  private hasAncestors(id: number, names: string[]): boolean {
    let current = this.byId.get(id);
    for (let i = names.length - 1; i >= 0; i -= 1) {
      current = current?.parentId == null ? undefined : this.byId.get(current.parentId);
      if (!current || current.name.toLowerCase() !== names[i]?.toLowerCase()) return false;
    }
    return true;
  }
}

function previewOf(record: CsvRecord, values: CategoryCsvRow | null, action: CategoryUploadRow['action']): CategoryUploadRow {
  const cell = (name: string) => record.cells[name]?.trim() || null;
  return {
    row: record.row,
    name: values?.name ?? cell('name') ?? '',
    parent: values?.parent ?? cell('parent'),
    colour: values?.colour ?? cell('colour'),
    position: values?.position ?? null,
    active: values?.active ?? null,
    action,
  };
}

/**
 * Imports categories from CSV (columns name, parent, colour, position, active). A row whose name
 * already exists under its parent updates that category; any other row creates one. Parents are
 * found by name, including categories created by earlier or later rows of the same file. A bad row
 * is reported with its row number and field and changes nothing; every good row is imported.
 * `dryRun` does all of it inside a transaction that is rolled back: the preview is exact.
 */
export async function importCategories(db: Db, text: string, options: { dryRun: boolean }): Promise<CategoryUploadResult> {
  const { records } = parseCsv(text, { required: ['name'], aliases: { color: 'colour' }, maxRows: MAX_CATEGORY_ROWS });
  const result: CategoryUploadResult = { created: 0, updated: 0, failed: [], dryRun: options.dryRun, rows: [] };
  const previews = new Map<number, CategoryUploadRow>();
  const fail = (record: CsvRecord, values: CategoryCsvRow | null, failures: Failure[]) => {
    result.failed.push(...failures);
    previews.set(record.row, previewOf(record, values, 'error'));
  };

  const valid: Array<ValidRow & { record: CsvRecord }> = [];
  for (const record of records) {
    if (record.problem) {
      fail(record, null, [{ row: record.row, field: null, message: record.problem }]);
      continue;
    }
    const parsed = categoryCsvRow.safeParse({
      name: record.cells.name ?? '',
      parent: record.cells.parent ?? '',
      colour: record.cells.colour ?? '',
      position: record.cells.position ?? '',
      active: record.cells.active ?? '',
    });
    if (!parsed.success) {
      fail(
        record,
        null,
        parsed.error.issues.map((issue) => ({ row: record.row, field: String(issue.path[0] ?? 'name'), message: issue.message })),
      );
      continue;
    }
    valid.push({ row: record.row, values: parsed.data, record });
  }

  try {
    await db.transaction(async (tx) => {
      await lockCategoryTree(tx);
      const index = new TreeIndex(await findCategoryNodes(tx));
      const inFile = new Map<string, number>();
      let pending = valid;
      // Rows whose parent comes later in the file wait for it; each pass places at least one row.
      while (pending.length > 0) {
        const waiting = new Map<string, number>();
        for (const p of pending) waiting.set(p.values.name.toLowerCase(), (waiting.get(p.values.name.toLowerCase()) ?? 0) + 1);
        const next: typeof pending = [];
        for (const item of pending) {
          const { values, record } = item;
          let parentId: number | null = null;
          if (values.parent !== null) {
            const found = index.resolve(values.parent);
            if ('error' in found) {
              const last = found.last.toLowerCase();
              const othersCalledSo = (waiting.get(last) ?? 0) - (last === values.name.toLowerCase() ? 1 : 0);
              if (found.error === 'missing' && othersCalledSo > 0) {
                next.push(item);
                continue;
              }
              fail(record, values, [{ row: record.row, field: 'parent', message: parentMessage(found.error, values.parent, found.last) }]);
              continue;
            }
            parentId = found.id;
          }
          const key = keyOf(parentId, values.name);
          const earlierRow = inFile.get(key);
          if (earlierRow !== undefined) {
            fail(record, values, [{ row: record.row, field: 'name', message: `This category is already in the file at row ${earlierRow}.` }]);
            continue;
          }
          inFile.set(key, record.row);
          const saved = await saveRow(tx, index, { row: record.row, values }, parentId);
          if ('failure' in saved) {
            fail(record, values, [saved.failure]);
            continue;
          }
          if (saved.action === 'create') result.created += 1;
          else result.updated += 1;
          previews.set(record.row, previewOf(record, values, saved.action));
        }
        if (next.length === pending.length) {
          for (const { record, values } of next) {
            fail(record, values, [{ row: record.row, field: 'parent', message: parentMessage('missing', values.parent ?? '', values.parent ?? '') }]);
          }
          break;
        }
        pending = next;
      }
      if (options.dryRun) tx.rollback();
    });
  } catch (error) {
    if (!(options.dryRun && error instanceof TransactionRollbackError)) throw error;
  }

  result.failed.sort((a, b) => a.row - b.row);
  result.rows = [...previews.values()].sort((a, b) => a.row - b.row);
  return result;
}

function parentMessage(error: 'missing' | 'ambiguous', parent: string, last: string): string {
  return error === 'missing'
    ? `The parent category “${parent}” does not exist.`
    : `Several categories are called “${last}”. Write the parent with its own parent, e.g. “Drinks > ${last}”.`;
}

/** The file's column a table column's refusal belongs to. */
function fileColumnOf(column: string | null): string | null {
  if (column === 'parent_id') return 'parent';
  return column && (categoryCsvColumns as readonly string[]).includes(column) ? column : null;
}

/** Writes one row in a savepoint, so a failing row leaves no trace and the others carry on. */
async function saveRow(
  tx: Tx,
  index: TreeIndex,
  { row, values }: ValidRow,
  parentId: number | null,
): Promise<{ action: 'create' | 'update' } | { failure: Failure }> {
  const existingId = index.find(parentId, values.name);
  try {
    if (existingId !== undefined) {
      await tx.transaction(async (sp) => {
        await updateCategoryById(sp, existingId, {
          name: values.name,
          ...(values.colour !== null ? { colour: values.colour } : {}),
          ...(values.position !== null ? { position: values.position } : {}),
          ...(values.active !== null ? { active: values.active } : {}),
        });
      });
      return { action: 'update' };
    }
    const createdId = await tx.transaction((sp) =>
      insertCategory(sp, { name: values.name, parentId, colour: values.colour, position: values.position ?? 0, active: values.active ?? true }),
    );
    if (createdId === undefined) throw new Error('Inserting a category returned no row');
    index.add({ id: createdId, name: values.name, parentId });
    return { action: 'create' };
  } catch (error) {
    if (isUniqueViolation(error)) return { failure: { row, field: 'name', message: duplicateNameMessage } };
    // Any other refusal of the row by the database is this row's error; the next rows still import.
    const refusal = databaseRefusalOf(error);
    if (refusal) return { failure: { row, field: fileColumnOf(refusal.column), message: refusal.message } };
    throw error;
  }
}
