import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const goodsOrdersRoutes: RouteObject[] = [
  { path: 'goods-orders', lazy: lazyScreen(() => import('./goods-order-list-page.tsx'), 'GoodsOrderListPage') },
  { path: 'goods-orders/new', lazy: lazyScreen(() => import('./goods-order-page.tsx'), 'GoodsOrderPage') },
  { path: 'goods-orders/:id/edit', lazy: lazyScreen(() => import('./goods-order-page.tsx'), 'GoodsOrderPage') },
];
