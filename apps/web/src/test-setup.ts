// The sell screen keeps its catalogue copy and parked sales in IndexedDB, which jsdom does not have.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens load as lazy chunks; on a busy two-core CI machine that can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
});
