import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const outletsRoutes: RouteObject[] = [
  { path: 'outlets', lazy: lazyScreen(() => import('./outlet-list-page.tsx'), 'OutletListPage') },
  { path: 'outlets/new', lazy: lazyScreen(() => import('./outlet-form-page.tsx'), 'OutletFormPage') },
  { path: 'outlets/:id/edit', lazy: lazyScreen(() => import('./outlet-form-page.tsx'), 'OutletFormPage') },
];
