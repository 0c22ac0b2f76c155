import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const stockCountsRoutes: RouteObject[] = [
  { path: 'stock-counts', lazy: lazyScreen(() => import('./stock-count-list-page.tsx'), 'StockCountListPage') },
  { path: 'stock-counts/new', lazy: lazyScreen(() => import('./new-stock-count-page.tsx'), 'NewStockCountPage') },
  { path: 'stock-counts/:id', lazy: lazyScreen(() => import('./stock-count-page.tsx'), 'StockCountPage') },
];
