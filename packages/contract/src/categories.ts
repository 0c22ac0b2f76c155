import { z } from 'zod';
import { bulkInput, dataOf, queryBoolean, uploadResult } from './common.ts';
import { booleanField, colourField, integerField, requiredText, MAX_ID } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { queryId } from './fields.ts';

export const CATEGORY_NAME_MAX = 120;
export const CATEGORY_POSITION_MAX = 1_000_000;

/** A category as lists and its form read it: where it sits in the tree and what uses it. */
export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** 0 for a top-level category, 1 for its children, and so on. */
  depth: z.number().int(),
  colour: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  /** Products filed directly in this category. */
  productCount: z.number().int(),
  /** Direct subcategories. */
  childCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof category>;

const parentIdField = z
  .number({ error: 'The parent must be an existing category.' })
  .int('The parent must be an existing category.')
  .positive('The parent must be an existing category.').max(MAX_ID, 'The parent must be an existing category.')
  .nullish()
  .transform((v) => v ?? null);

const positionField = integerField('position', { min: 0, max: CATEGORY_POSITION_MAX });

export const categoryInput = z.object({
  name: requiredText('name', CATEGORY_NAME_MAX),
  parentId: parentIdField,
  colour: colourField('colour'),
  position: positionField.default(0),
  active: booleanField('active').default(true),
});
export type CategoryInput = z.input<typeof categoryInput>;
export type CategoryValues = z.output<typeof categoryInput>;

/** `sort=tree` (the default) lists parents followed by their children, siblings by position then name. */

/** `parentId=root` lists top-level categories; a number lists that category's direct children. */
const parentFilter = z.union([z.literal('root'), queryId('parent')], {
  error: 'The parent filter must be "root" or a category id.',
});

export const categoryListQuery = listQuery.extend({
  active: queryBoolean.optional(),
  parentId: parentFilter.optional(),
});
export type CategoryFilters = z.output<typeof categoryListQuery>;

export const categoryPage = paginated(category);
export const categoryResult = dataOf(category);

/** GET /api/categories/list: every category in tree order, for pickers and the sell screen's tiles. */
export const categoryOption = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  depth: z.number().int(),
  colour: z.string().nullable(),
  active: z.boolean(),
});
export type CategoryOption = z.infer<typeof categoryOption>;

/** `active=1` leaves out inactive categories and everything under them (the sell screen's tiles). */
export const categoryOptionsQuery = z.object({ active: queryBoolean.optional() });
export const categoryOptionsResult = dataOf(z.array(categoryOption));

/**
 * DELETE /api/categories/{id}?moveTo=…: move its products there first, and its subcategories up
 * one level. `moveChildren=1` alone moves the subcategories of a category no product uses.
 */
export const categoryDeleteQuery = z.object({
  moveChildren: queryBoolean.optional(),
  moveTo: queryId('category', 'The category to move products to must be an existing category.').optional(),
});

export const categoryBulkActions = ['activate', 'deactivate', 'delete', 'setParent'] as const;
export type CategoryBulkAction = (typeof categoryBulkActions)[number];

export const categoryBulkInput = bulkInput(categoryBulkActions, z.object({ parentId: parentIdField })).superRefine((input, ctx) => {
  if (input.action === 'setParent' && input.values === undefined) {
    ctx.addIssue({ code: 'custom', path: ['values', 'parentId'], message: 'Choose the parent to move the categories under.' });
  }
});
export type CategoryBulkInput = z.input<typeof categoryBulkInput>;

/**
 * Bulk answer: how many rows changed, and each row that could not be (a category still in use
 * cannot be deleted; one cannot be moved under itself), with the reason.
 */
export const categoryBulkResult = dataOf(
  z.object({
    affected: z.number().int(),
    failed: z.array(z.object({ id: z.number().int(), name: z.string(), message: z.string() })),
  }),
);
export type CategoryBulkResult = z.infer<typeof categoryBulkResult>['data'];

/** Columns of a categories CSV; only `name` is required. */
export const categoryCsvColumns = ['name', 'parent', 'colour', 'position', 'active'] as const;

/** Text a spreadsheet writes for yes and no in the `active` column. */
const activeWords: Partial<Record<string, boolean>> = {
  '1': true,
  true: true,
  yes: true,
  y: true,
  active: true,
  '0': false,
  false: false,
  no: false,
  n: false,
  inactive: false,
};

/**
 * One CSV row as text. Empty cells mean "not given": a new category then gets no colour,
 * position 0 and active; an existing one keeps what it has.
 */
export const categoryCsvRow = z.object({
  name: requiredText('name', CATEGORY_NAME_MAX),
  parent: z
    .string()
    .trim()
    .max(1000, 'The parent may not be longer than 1000 characters.')
    .transform((v) => v || null),
  colour: z
    .string()
    .trim()
    .transform((v): string | null | undefined => v || null)
    .pipe(colourField('colour')),
  position: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, 'The position must be a whole number.')
        .transform(Number)
        .pipe(positionField)
        .nullable(),
    ),
  active: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || Object.hasOwn(activeWords, v), 'The active column must be yes or no (or 1 / 0, true / false).')
    .transform((v) => (v === '' ? null : (activeWords[v] ?? null))),
});
export type CategoryCsvRow = z.output<typeof categoryCsvRow>;

/** "Drinks > Hot drinks": a parent written with its own parents, for names used in several places. */
export const CATEGORY_PATH_SEPARATOR = ' > ';

export const categoryUploadQuery = z.object({ dryRun: queryBoolean.optional() });

/** What one CSV row does (or would do, in a preview). */
export const categoryUploadRow = z.object({
  /** Spreadsheet row number: the header is row 1. */
  row: z.number().int(),
  name: z.string(),
  parent: z.string().nullable(),
  colour: z.string().nullable(),
  position: z.number().int().nullable(),
  active: z.boolean().nullable(),
  action: z.enum(['create', 'update', 'error']),
});
export type CategoryUploadRow = z.infer<typeof categoryUploadRow>;

/** The upload answer of DESIGN.md §3, with every row's outcome for the preview table. */
export const categoryUploadResult = dataOf(uploadResult.shape.data.extend({ dryRun: z.boolean(), rows: z.array(categoryUploadRow) }));
export type CategoryUploadResult = z.infer<typeof categoryUploadResult>['data'];
