import { Navigate } from 'react-router';
import { homePathByType } from '@tillbook/contract';
import { useUser } from '../lib/auth.ts';
import { loginPath } from '../lib/redirect.ts';

/** "/" opens the signed-in user's home: /dashboard or /registers (SPEC §6). */
export function HomeRedirect() {
  const user = useUser();
  return <Navigate to={user ? homePathByType[user.type] : loginPath} replace />;
}
