import { z } from 'zod';
import { dataOf, queryBoolean } from './common.ts';
import { booleanField, idField, requiredText } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { queryId } from './fields.ts';

/** A till at an outlet; its slug names it in URLs. */
export const register = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  outletId: z.number().int(),
  receiptTemplateId: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Register = z.infer<typeof register>;

/** The state of a register's cash drawer in the list: null when it is closed. */
export const registerDrawer = z.object({ isOpen: z.literal(true), sessionId: z.number().int(), openedByName: z.string(), openedAt: z.string() });
export type RegisterDrawer = z.infer<typeof registerDrawer>;

export const registerListItem = register.extend({ outletName: z.string(), receiptTemplateName: z.string(), drawer: registerDrawer.nullable() });
export type RegisterListItem = z.infer<typeof registerListItem>;

export const registerSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Till 1" at outlet MAIN → "main-till-1". */
export function suggestRegisterSlug(name: string, outletCode?: string | null): string {
  const slug = [outletCode ?? '', name]
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 60).replace(/-+$/, '');
}

export const registerInput = z.object({
  name: requiredText('name', 120),
  /** Left empty, the server makes one from the outlet code and the name. */
  slug: z
    .string({ error: 'The slug must be text.' })
    .trim()
    .toLowerCase()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || (v.length >= 2 && v.length <= 60 && registerSlugPattern.test(v)),
      'The slug must be 2 to 60 lower-case letters, digits or hyphens, e.g. main-till-1.',
    ),
  outletId: idField('outlet'),
  receiptTemplateId: idField('receipt template'),
  active: booleanField('active'),
});
export type RegisterInput = z.input<typeof registerInput>;

export const registerListQuery = listQuery.extend({
  outletId: queryId('outlet').optional(),
  receiptTemplateId: queryId('receipt template').optional(),
  active: queryBoolean.optional(),
});

export const registerPage = paginated(registerListItem);
export const registerResult = dataOf(register);
