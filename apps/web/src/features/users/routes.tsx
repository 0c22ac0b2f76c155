import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: lazyScreen(() => import('./user-list-page.tsx'), 'UserListPage') },
  { path: 'users/new', lazy: lazyScreen(() => import('./user-form-page.tsx'), 'UserFormPage') },
  { path: 'users/:id/edit', lazy: lazyScreen(() => import('./user-form-page.tsx'), 'UserFormPage') },
];
