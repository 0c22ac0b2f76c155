import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';

/**
 * Providers of the signed-in part of the app. They live in the shell's lazy chunk, not at the
 * root, so the login screen never downloads TanStack Query (DESIGN.md §9 budget).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
