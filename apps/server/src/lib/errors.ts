import { errorMessages } from '@tillbook/contract';

/**
 * The one error type services throw (STYLE.md, Documenso's AppError). The error plugin turns it
 * into the DESIGN.md §3 shape: `{message}` or, for 422, `{message, errors: {field: [..]}}`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static unauthenticated() {
    return new AppError(401, errorMessages.unauthenticated);
  }
  static forbidden() {
    return new AppError(403, errorMessages.forbidden);
  }
  static notFound() {
    return new AppError(404, errorMessages.notFound);
  }
  static conflict(message: string) {
    return new AppError(409, message);
  }
  static csrfMismatch() {
    return new AppError(419, errorMessages.csrfMismatch);
  }
  /** A 422 whose message is the first field message, as Laravel words it. */
  static validation(errors: Record<string, string[]>) {
    return new AppError(422, summarizeFieldErrors(errors), errors);
  }
}

/** "The name field is required. (and 2 more errors)" */
export function summarizeFieldErrors(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})` : first;
}
