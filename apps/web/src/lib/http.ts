import axios, { isAxiosError } from 'axios';
import { setUser } from './auth.ts';
import { httpDefaults } from './http-defaults.ts';
import { pageLocation } from './page-location.ts';
import { buildLoginPath, loginPath } from './redirect.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * On a 401 the stored user is still cleared, but the caller moves to /login itself
     * instead of the full page load (logout does this: SPEC §8 "Logout answers 401").
     */
    skipAuthRedirect?: boolean;
  }
}

export { httpDefaults };

/** The one HTTP client of the web app (the register's copy, in its worker, makes its own from the same defaults). */
export const http = axios.create(httpDefaults);

/**
 * SPEC.md §4, §8: any 401 signs the user out locally and sends the browser to /login,
 * remembering where they were so they come back after signing in.
 */
export function handleResponseError(error: unknown): Promise<never> {
  if (isAxiosError(error) && error.response?.status === 401) signedOut({ redirect: !error.config?.skipAuthRedirect });
  return Promise.reject(error);
}

/** The server said the session is over (a 401, here or in the register copy's worker): signed out here too. */
export function signedOut({ redirect }: { redirect: boolean } = { redirect: true }): void {
  setUser(null);
  const isOnLogin = window.location.pathname === loginPath;
  if (!isOnLogin && redirect) pageLocation.assign(buildLoginPath(pageLocation.currentPath()));
}

http.interceptors.response.use(undefined, handleResponseError);

export { getHttpStatus } from './http-status.ts';
