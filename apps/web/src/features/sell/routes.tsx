import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const sellRoutes: RouteObject[] = [{ path: 'registers/:id/sell', lazy: lazyScreen(() => import('./sell-page.tsx'), 'SellPage') }];
