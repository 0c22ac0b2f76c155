import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const suppliersRoutes: RouteObject[] = [
  { path: 'suppliers', lazy: lazyScreen(() => import('./supplier-list-page.tsx'), 'SupplierListPage') },
  { path: 'suppliers/new', lazy: lazyScreen(() => import('./supplier-form-page.tsx'), 'SupplierFormPage') },
  { path: 'suppliers/:id/edit', lazy: lazyScreen(() => import('./supplier-form-page.tsx'), 'SupplierFormPage') },
];
