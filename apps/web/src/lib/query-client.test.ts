import { describe, expect, it } from 'vitest';
import { httpError, networkError } from '../testing/fixtures.ts';
import { createQueryClient, getRetryDelay, queryClient, shouldRetryQuery } from './query-client.ts';

describe('query client defaults (SPEC §9)', () => {
  it('keeps unused queries for 5 minutes', () => {
    expect(queryClient.getDefaultOptions().queries?.gcTime).toBe(300_000);
  });

  it('retries a failed query 3 times on network and server errors', () => {
    const retry = queryClient.getDefaultOptions().queries?.retry;
    expect(typeof retry).toBe('function');
    for (const error of [networkError(), httpError(500), httpError(503), new Error('boom')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(1, error)).toBe(true);
      expect(shouldRetryQuery(2, error)).toBe(true);
      expect(shouldRetryQuery(3, error)).toBe(false);
    }
  });

  it('does not retry answers that cannot change', () => {
    for (const status of [401, 403, 404, 422]) expect(shouldRetryQuery(0, httpError(status))).toBe(false);
    expect(shouldRetryQuery(0, httpError(429))).toBe(true);
    expect(shouldRetryQuery(0, httpError(408))).toBe(true);
  });

  it('waits 1 s, then doubles, capped at 30 s', () => {
    expect(queryClient.getDefaultOptions().queries?.retryDelay).toBe(getRetryDelay);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(getRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('does not retry mutations', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('really runs a failing query 4 times in all (1 + 3 retries)', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['flaky'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(httpError(500));
        },
        // The real delays are asserted above; here only the count matters.
        retryDelay: 0,
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toBeTruthy();
    expect(calls).toBe(4);
  });
});
