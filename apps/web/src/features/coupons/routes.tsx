import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const couponsRoutes: RouteObject[] = [
  { path: 'coupons', lazy: lazyScreen(() => import('./coupon-list-page.tsx'), 'CouponListPage') },
  { path: 'coupons/new', lazy: lazyScreen(() => import('./coupon-form-page.tsx'), 'CouponFormPage') },
  { path: 'coupons/:id/edit', lazy: lazyScreen(() => import('./coupon-form-page.tsx'), 'CouponFormPage') },
];
