import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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
