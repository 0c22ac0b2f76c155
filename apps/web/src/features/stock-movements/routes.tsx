import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const stockMovementsRoutes: RouteObject[] = [
  { path: 'stock-movements', lazy: lazyScreen(() => import('./stock-movement-list-page.tsx'), 'StockMovementListPage') },
];
