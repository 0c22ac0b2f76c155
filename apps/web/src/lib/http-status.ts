/**
 * The HTTP status of a failed request, if the server answered. Kept apart from the client so the
 * login route can read a status without downloading axios before the first sign-in (DESIGN.md §9).
 * An axios error says so itself (`isAxiosError`, as axios's own guard reads it).
 */
export function getHttpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || (error as { isAxiosError?: unknown }).isAxiosError !== true) return undefined;
  return (error as { response?: { status?: number } }).response?.status;
}
