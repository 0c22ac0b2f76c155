/** SPEC.md §9: a script chunk that has not loaded after 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`A part of the application did not load within ${timeoutMs / 1000} seconds.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * Runs a dynamic import and rejects if it has not settled in time, so a stalled download ends
 * in the error screen (with its Reload button) instead of an endless spinner.
 */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
