import { QueryClient } from '@tanstack/react-query';
import { getHttpStatus } from './http.ts';

/** SPEC.md §9 cache defaults. */
export const queryGcTimeMs = 300_000;
export const queryRetryCount = 3;
export const retryBaseDelayMs = 1_000;
export const retryMaxDelayMs = 30_000;

/** 1 s, 2 s, 4 s, … capped at 30 s (TanStack passes 0 for the first retry). */
export function getRetryDelay(attemptIndex: number): number {
  return Math.min(retryBaseDelayMs * 2 ** attemptIndex, retryMaxDelayMs);
}

// Asking again cannot change these answers: 401 already sent the user to /login, and a
// forbidden, missing or invalid request stays so. 408 and 429 are worth another try.
const finalStatuses = new Set([400, 401, 403, 404, 409, 419, 422]);

/** Three retries (SPEC §9) for network failures and server errors. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = getHttpStatus(error);
  if (status !== undefined && finalStatuses.has(status)) return false;
  return failureCount < queryRetryCount;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: queryGcTimeMs, retry: shouldRetryQuery, retryDelay: getRetryDelay },
      mutations: { retry: false },
    },
  });
}

/** The app's single client, created when the signed-in part of the app loads. */
export const queryClient = createQueryClient();
