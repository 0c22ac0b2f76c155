import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const registersRoutes: RouteObject[] = [
  { path: 'registers', lazy: lazyScreen(() => import('./register-list-page.tsx'), 'RegisterListPage') },
  { path: 'registers/new', lazy: lazyScreen(() => import('./register-form-page.tsx'), 'RegisterFormPage') },
  { path: 'registers/:id/edit', lazy: lazyScreen(() => import('./register-form-page.tsx'), 'RegisterFormPage') },
];
