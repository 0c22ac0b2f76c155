import type { LoginInput, User } from '@tillbook/contract';

/**
 * SPEC.md §7: fetch the CSRF cookie first (its answer is not read), then send the credentials.
 * The 200 body is the user itself, not wrapped in `data`.
 */
export async function login(credentials: LoginInput): Promise<User> {
  // The client loads with the first sign-in: /login opened directly downloads no axios (DESIGN.md §9).
  const { http } = await import('../../../lib/http.ts');
  await http.get('/sanctum/csrf-cookie');
  const response = await http.post<User>('/api/login', credentials);
  return response.data;
}
