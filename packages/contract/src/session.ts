import type { UserType } from './user-types.ts';

/** Where a user lands after signing in (SPEC.md §2, §6). */
export const homePathByType: Record<UserType, string> = {
  administrator: '/dashboard',
  cashier: '/registers',
};

/** Names of the cookies and header of the Sanctum-compatible session (DESIGN.md §3). */
export const sessionCookieName = 'tillbook_session';
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';
