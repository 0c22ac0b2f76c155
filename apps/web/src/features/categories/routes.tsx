import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const categoriesRoutes: RouteObject[] = [
  { path: 'categories', lazy: lazyScreen(() => import('./category-list-page.tsx'), 'CategoryListPage') },
  { path: 'categories/new', lazy: lazyScreen(() => import('./category-form-page.tsx'), 'CategoryFormPage') },
  { path: 'categories/:id/edit', lazy: lazyScreen(() => import('./category-form-page.tsx'), 'CategoryFormPage') },
];
