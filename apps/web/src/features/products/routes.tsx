import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const productsRoutes: RouteObject[] = [
  { path: 'products', lazy: lazyScreen(() => import('./product-list-page.tsx'), 'ProductListPage') },
  { path: 'products/new', lazy: lazyScreen(() => import('./product-form-page.tsx'), 'ProductFormPage') },
  { path: 'products/:id/edit', lazy: lazyScreen(() => import('./product-form-page.tsx'), 'ProductFormPage') },
];
