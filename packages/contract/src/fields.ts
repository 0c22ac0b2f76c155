import { z } from 'zod';

/**
 * Field builders with messages a person reads ("The name field is required."), used by forms
 * and by the server alike, so both say the same words.
 */
export function requiredText(label: string, max = 255) {
  const required = `The ${label} field is required.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `The ${label} may not be longer than ${max} characters.`);
}

/** Optional text: empty or blank becomes null. */
export function optionalText(label: string, max = 255) {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be longer than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

export function optionalEmail(label = 'e-mail address') {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(255, `The ${label} may not be longer than 255 characters.`)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, `The ${label} must be a valid e-mail address.`);
}

export function booleanField(label: string) {
  return z.boolean({ error: `The ${label} field must be true or false.` });
}

export function integerField(label: string, options: { min?: number; max?: number } = {}) {
  let schema = z.number({ error: `The ${label} must be a whole number.` }).int(`The ${label} must be a whole number.`);
  if (options.min !== undefined) schema = schema.min(options.min, `The ${label} must be at least ${options.min}.`);
  if (options.max !== undefined) schema = schema.max(options.max, `The ${label} may not be greater than ${options.max}.`);
  return schema;
}

/**
 * Limits of whole numbers, each stored in a bigint column (docs/decisions/009-money-and-rates.md):
 * one amount of money up to 1,000,000,000.00 in a currency of cents, one quantity up to a billion
 * units, so ninety thousand of the largest amounts (nine million of the largest quantities) still
 * add up to an exact JavaScript number (below 2^53).
 */
export const MAX_MONEY = 100_000_000_000;
export const MAX_QUANTITY = 1_000_000_000;
/**
 * A counted total (the cash in a drawer at the close) sums many amounts: up to 10,000 of the
 * largest, still exact as a JavaScript number.
 */
export const MAX_MONEY_TOTAL = 1_000_000_000_000_000;
/** A place in a list (sort order); stored as an integer. */
export const MAX_POSITION = 1_000_000;

/** Money in minor units (cents): an integer, never a float (DESIGN.md §3). */
export function moneyField(label: string, options: { min?: number; max?: number } = { min: 0 }) {
  return integerField(label, { min: options.min ?? 0, max: options.max ?? MAX_MONEY });
}

/** Ids are PostgreSQL integers: a larger number is no id at all (422, never a database error). */
export const MAX_ID = 2_147_483_647;

export function idField(label: string) {
  return z
    .number({ error: `The ${label} field is required.` })
    .int()
    .positive(`The ${label} field is required.`)
    .max(MAX_ID, `The chosen ${label} does not exist.`);
}

/** "#4f46e5"-style colours for POS tiles. */
export function colourField(label = 'colour') {
  return z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, `The ${label} must be a colour like #4f46e5.`)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null));
}
