import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkLoadTimeoutMs, ChunkLoadTimeoutError, loadWithTimeout } from './lazy-with-timeout.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadWithTimeout', () => {
  it('gives up on a chunk after 120 s (SPEC §9)', async () => {
    vi.useFakeTimers();
    expect(chunkLoadTimeoutMs).toBe(120_000);
    const loading = loadWithTimeout(() => new Promise<never>(() => {}));
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('passes on a loaded module', async () => {
    await expect(loadWithTimeout(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('passes on a failed download', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadWithTimeout(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
