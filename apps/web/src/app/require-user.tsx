import { useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@tillbook/contract';
import { useUser } from '../lib/auth.ts';
import { buildLoginPath, loginPath } from '../lib/redirect.ts';

type RequireUserProps = { children: (user: User) => ReactNode };

/**
 * SPEC.md §6: the only route guard is a signed-in user. Someone arriving without one goes to
 * /login and comes back here afterwards; someone who signs out (here or in another tab) goes
 * to a plain /login, as logout itself does.
 */
export function RequireUser({ children }: RequireUserProps) {
  const user = useUser();
  const { pathname, search } = useLocation();
  const [wasSignedIn] = useState(user !== null);
  if (!user) {
    return <Navigate to={wasSignedIn ? loginPath : buildLoginPath(`${pathname}${search}`)} replace />;
  }
  return children(user);
}
