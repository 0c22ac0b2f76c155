import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const customersRoutes: RouteObject[] = [
  { path: 'customers', lazy: lazyScreen(() => import('./customer-list-page.tsx'), 'CustomerListPage') },
  { path: 'customers/new', lazy: lazyScreen(() => import('./customer-form-page.tsx'), 'CustomerFormPage') },
  { path: 'customers/:id/edit', lazy: lazyScreen(() => import('./customer-edit-page.tsx'), 'CustomerEditPage') },
  { path: 'customers/:id/orders', lazy: lazyScreen(() => import('./customer-orders-page.tsx'), 'CustomerOrdersPage') },
];
