import { z } from 'zod';
import { MAX_ID, pathId } from './fields.ts';

/** Shapes every area shares (DESIGN.md §3). */

/** `{id}` of a path: digits only ("+1", "0x10", "1e3" are no id). */
export const idParams = z.object({ id: pathId() });
export type IdParams = z.infer<typeof idParams>;

export function dataOf<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const countResult = dataOf(z.object({ count: z.number().int() }));
export const affectedResult = dataOf(z.object({ affected: z.number().int() }));

/** Compact `{id, name}` rows for pickers (GET /api/X/list). */
export const listItem = z.object({ id: z.number().int(), name: z.string() });
export type ListItem = z.infer<typeof listItem>;

/** POST /api/X/update: `{ids, action, values?}`. */
export function bulkInput<const A extends readonly [string, ...string[]], V extends z.ZodType>(actions: A, values: V) {
  return z.object({
    ids: z.array(z.number().int().positive().max(MAX_ID)).min(1, 'Choose at least one row.').max(1000, 'Choose at most 1000 rows at a time.'),
    action: z.enum(actions, { error: `The action must be one of: ${actions.join(', ')}.` }),
    values: values.optional(),
  });
}

/** POST /api/X/upload answer. */
export const uploadResult = dataOf(
  z.object({
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.array(z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() })),
  }),
);
export type UploadResult = z.infer<typeof uploadResult>['data'];

/** A boolean from a query string ("1", "true", "0", "false"). */
export const queryBoolean = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
