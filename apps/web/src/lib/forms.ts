import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { apiErrorOf } from './api-error.ts';

/**
 * Puts a 422's field messages on the form's fields (DESIGN.md §5) and keeps what was typed.
 * Returns the message to show above the form for whatever did not land on a field (or null).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  const { status, message, fieldErrors } = apiErrorOf(error);
  if (status !== 422 || Object.keys(fieldErrors).length === 0) return message;
  const leftOver: string[] = [];
  for (const [field, text] of Object.entries(fieldErrors)) {
    // "variants.2.sku" lands on that nested field; a field the form does not have goes above it.
    const root = field.split('.')[0] ?? field;
    if (fields.includes(root)) setError(field as Path<T>, { type: 'server', message: text }, { shouldFocus: leftOver.length === 0 });
    else leftOver.push(text);
  }
  return leftOver.length ? leftOver.join(' ') : null;
}

type SafeParser = { safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } } };

/**
 * Every field's first message from a contract schema, keyed "title" or "variants.0.price", so a
 * form shows all that is wrong at once rather than one field per save.
 */
export function fieldErrorsOf(schema: SafeParser, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Messages per field, keyed "title" or "variants.0.price". */
export type FieldErrors = Record<string, string>;

/** What a form makes of what was typed: the contract's payload, or every message at once. */
export type ReadResult<T> = { input: T } | { errors: FieldErrors };

/**
 * The payload once the contract's schema has checked it: its messages on the fields the form
 * `shows` (anything else is left to the server, whose answer lands above the form), and the
 * `unreadable` ones (an amount that is no amount) in their place.
 */
export function checkedInput<T>(contract: SafeParser, input: T, unreadable: FieldErrors, shows: RegExp): ReadResult<T> {
  const shown = Object.entries(fieldErrorsOf(contract, input)).filter(([field]) => shows.test(field));
  const all = { ...Object.fromEntries(shown), ...unreadable };
  return Object.keys(all).length ? { errors: all } : { input };
}

/**
 * The schema of a form whose fields hold text the contract does not take as is (amounts as typed,
 * "1,234.50"): `typed` is what the fields hold, `read` turns it into the contract's payload or
 * the messages per field. For `useSchemaForm`: fields hold the typed values, submit gets the payload,
 * and every message lands on its field, nested ones ("variants.0.price") too.
 */
export function readingSchema<S extends z.ZodType, T>(typed: S, read: (values: z.output<S>) => ReadResult<T>) {
  return typed.transform((values, ctx): T => {
    const result = read(values);
    if ('input' in result) return result.input;
    for (const [field, message] of Object.entries(result.errors)) {
      ctx.addIssue({ code: 'custom', path: field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)), message });
    }
    return z.NEVER;
  });
}
