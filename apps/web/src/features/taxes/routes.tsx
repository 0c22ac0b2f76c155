import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const taxesRoutes: RouteObject[] = [
  { path: 'taxes', lazy: lazyScreen(() => import('./tax-list-page.tsx'), 'TaxListPage') },
  { path: 'taxes/new', lazy: lazyScreen(() => import('./tax-form-page.tsx'), 'TaxFormPage') },
  { path: 'taxes/:id/edit', lazy: lazyScreen(() => import('./tax-form-page.tsx'), 'TaxFormPage') },
];
