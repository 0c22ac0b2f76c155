import { isAxiosError } from 'axios';

/** The error shape every API answer carries (DESIGN.md §3): a message, and per field on a 422. */
export type ApiErrorBody = { message?: string; errors?: Record<string, string[]> };

/** A failed call as the screens read it: status (null when the server was not reached), message, field messages. */
export type ApiError = {
  status: number | null;
  message: string;
  /** A 422's messages per field ("name", "variants.2.sku"), first message each; empty otherwise. */
  fieldErrors: Record<string, string>;
};

export const genericErrorMessage = 'Something went wrong. Please try again.';
export const unreachableMessage = 'The server cannot be reached. Check the connection and try again.';

/** Reads any error thrown by a call — the one reader of the server's error shape on the web. */
export function apiErrorOf(error: unknown): ApiError {
  if (!isAxiosError<ApiErrorBody>(error)) return { status: null, message: genericErrorMessage, fieldErrors: {} };
  if (!error.response) return { status: null, message: unreachableMessage, fieldErrors: {} };
  const { status, data } = error.response;
  const message = status >= 500 || !data?.message ? genericErrorMessage : data.message;
  const fieldErrors: Record<string, string> = {};
  if (status === 422 && data?.errors) {
    for (const [field, messages] of Object.entries(data.errors)) fieldErrors[field] = messages[0] ?? 'This value is not valid.';
  }
  return { status, message, fieldErrors };
}

/**
 * The server's own message whatever the status, or null: for the few 5xx answers that say what to
 * do ("E-mail is not set up on this server…"), which `apiErrorOf` otherwise replaces by a plain sentence.
 */
export function serverMessageOf(error: unknown): string | null {
  return (isAxiosError<ApiErrorBody>(error) && error.response?.data?.message) || null;
}

/** The server's message for a failed call, or a plain sentence when there is none. */
export function errorMessageOf(error: unknown): string {
  return apiErrorOf(error).message;
}

/** Whether a failed call is the server refusing the input field by field (a 422 with errors). */
export function hasFieldErrors(error: unknown): boolean {
  return Object.keys(apiErrorOf(error).fieldErrors).length > 0;
}

/**
 * Splits a 422's messages into those a screen can show on its own fields and the rest, which it
 * shows above them (with the message of any other error). `isField` gets the root of the name
 * ("variants" for "variants.2.sku") and the whole name, for screens that show only some sub-fields.
 */
export function splitFieldErrors(error: unknown, isField: (root: string, name: string) => boolean): { onFields: Record<string, string>; leftOver: string | null } {
  const { status, message, fieldErrors } = apiErrorOf(error);
  if (status !== 422 || Object.keys(fieldErrors).length === 0) return { onFields: {}, leftOver: message };
  const onFields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, text] of Object.entries(fieldErrors)) {
    if (isField(field.split('.')[0] ?? field, field)) onFields[field] = text;
    else rest.push(text);
  }
  return { onFields, leftOver: rest.length ? rest.join(' ') : null };
}

