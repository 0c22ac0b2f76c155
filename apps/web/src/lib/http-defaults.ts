import type { CreateAxiosDefaults } from 'axios';
import { xsrfCookieName, xsrfHeaderName } from '@tillbook/contract';

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
