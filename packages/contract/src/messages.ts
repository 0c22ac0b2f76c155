/** Messages of the error shape in DESIGN.md §3 — every area answers with these words. */
export const errorMessages = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  csrfMismatch: 'CSRF token mismatch.',
  serverError: 'Server error.',
  invalidCredentials: 'The provided credentials do not match our records.',
  invalidJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'This content type is not accepted.',
} as const;

/** "Too many login attempts. Please try again in 42 seconds." */
export function throttledMessage(seconds: number): string {
  return `Too many login attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}
