import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const stockTransfersRoutes: RouteObject[] = [
  { path: 'stock-transfers', lazy: lazyScreen(() => import('./stock-transfer-list-page.tsx'), 'StockTransferListPage') },
  { path: 'stock-transfers/new', lazy: lazyScreen(() => import('./stock-transfer-page.tsx'), 'StockTransferPage') },
  { path: 'stock-transfers/:id/edit', lazy: lazyScreen(() => import('./stock-transfer-page.tsx'), 'StockTransferPage') },
];
