import axios, { isAxiosError } from 'axios';
import type { CreateAxiosDefaults } from 'axios';
import { xsrfCookieName, xsrfHeaderName } from '@tillbook/contract';
import { setUser } from './auth.ts';
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

/**
 * SPEC.md §7: the base is the site root, cookies go with every request, the XSRF-TOKEN cookie is
 * echoed in X-XSRF-TOKEN, and there is no request timeout.
 */
export const httpDefaults = {
  baseURL: '/',
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName,
  xsrfHeaderName,
  timeout: 0,
  headers: { Accept: 'application/json' },
} satisfies CreateAxiosDefaults;

/** The one HTTP client of the web app. */
export const http = axios.create(httpDefaults);

/**
 * SPEC.md §4, §8: any 401 signs the user out locally and sends the browser to /login,
 * remembering where they were so they come back after signing in.
 */
export function handleResponseError(error: unknown): Promise<never> {
  if (isAxiosError(error) && error.response?.status === 401) {
    setUser(null);
    const isOnLogin = window.location.pathname === loginPath;
    if (!isOnLogin && !error.config?.skipAuthRedirect) {
      pageLocation.assign(buildLoginPath(pageLocation.currentPath()));
    }
  }
  return Promise.reject(error);
}

http.interceptors.response.use(undefined, handleResponseError);

export { getHttpStatus } from './http-status.ts';
