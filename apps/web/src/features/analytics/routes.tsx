import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const analyticsRoutes: RouteObject[] = [{ path: 'analytics', lazy: lazyScreen(() => import('./analytics-page.tsx'), 'AnalyticsPage') }];
