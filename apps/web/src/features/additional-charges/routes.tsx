import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const additionalChargesRoutes: RouteObject[] = [
  {
    path: 'products/additional-charges',
    lazy: lazyScreen(() => import('./additional-charge-list-page.tsx'), 'AdditionalChargeListPage'),
  },
  {
    path: 'products/additional-charges/new',
    lazy: lazyScreen(() => import('./additional-charge-form-page.tsx'), 'AdditionalChargeFormPage'),
  },
  {
    path: 'products/additional-charges/:id/edit',
    lazy: lazyScreen(() => import('./additional-charge-form-page.tsx'), 'AdditionalChargeFormPage'),
  },
];
