import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const ordersRoutes: RouteObject[] = [
  { path: 'orders', lazy: lazyScreen(() => import('./order-list-page.tsx'), 'OrderListPage') },
  { path: 'orders/:id', lazy: lazyScreen(() => import('./order-detail-page.tsx'), 'OrderDetailPage') },
];
