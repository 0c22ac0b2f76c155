// The sell screen keeps its catalogue copy and parked sales in IndexedDB, which jsdom does not have.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './testing/server.ts';

// Screens load as lazy chunks; on a busy two-core CI machine that can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// Requests no handler answers fail loudly, rather than reaching for a server that is not there.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

afterEach(() => {
  server.resetHandlers();
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
});
