import { z } from 'zod';
import type { UserType } from './users.ts';

/**
 * SPEC.md §2: the login form sends the username in the field named `email`.
 * No client-side checks (SPEC §5); the server still refuses empty values with a 422.
 */
export const loginInput = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(255),
  password: z.string().min(1, 'The password field is required.').max(1024),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Where a user lands after signing in (SPEC.md §2, §6). */
export const homePathByType: Record<UserType, string> = {
  administrator: '/dashboard',
  cashier: '/registers',
};

/** Names of the cookies and header of the Sanctum-compatible session (DESIGN.md §3). */
export const sessionCookieName = 'tillbook_session';
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';
