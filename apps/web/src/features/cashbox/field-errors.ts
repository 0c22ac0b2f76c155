import { isAxiosError } from 'axios';
import { errorMessageOf } from '../../lib/api-error.ts';

/**
 * A failed call as the drawer forms show it: each 422 field message by its field name
 * ("float.amount"), and the message for whatever has no field of its own on the form.
 */
export function drawerErrorsOf(error: unknown, fields: readonly string[]): { fields: Record<string, string>; message: string | null } {
  const body = isAxiosError<{ errors?: Record<string, string[]> }>(error) && error.response?.status === 422 ? error.response.data?.errors : undefined;
  if (!body) return { fields: {}, message: errorMessageOf(error) };
  const onFields: Record<string, string> = {};
  const leftOver: string[] = [];
  for (const [field, messages] of Object.entries(body)) {
    const message = messages[0] ?? 'This value is not valid.';
    if (fields.includes(field)) onFields[field] = message;
    else leftOver.push(message);
  }
  return { fields: onFields, message: leftOver.length ? leftOver.join(' ') : null };
}
