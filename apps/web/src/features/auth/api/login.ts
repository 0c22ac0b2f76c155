import type { LoginInput, User } from '@tillbook/contract';
import { http } from '../../../lib/http.ts';

/**
 * SPEC.md §7: fetch the CSRF cookie first (its answer is not read), then send the credentials.
 * The 200 body is the user itself, not wrapped in `data`.
 */
export async function login(credentials: LoginInput): Promise<User> {
  await http.get('/sanctum/csrf-cookie');
  const response = await http.post<User>('/api/login', credentials);
  return response.data;
}
