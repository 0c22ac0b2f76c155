import { loadWithTimeout } from '../lib/lazy-with-timeout.ts';
import type * as App from './app.tsx';

type AppModule = typeof App;

let pending: Promise<AppModule> | null = null;

/**
 * Downloads the routed app (React Router, the shell, TanStack Query) once. The login screen
 * starts this as its request goes out, so the app is there when the answer comes back.
 */
export function loadApp(): Promise<AppModule> {
  pending ??= loadWithTimeout(() => import('./app.tsx')).catch((error: unknown) => {
    pending = null; // let a later attempt try again
    throw error;
  });
  return pending;
}
