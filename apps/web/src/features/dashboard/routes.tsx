import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const dashboardRoutes: RouteObject[] = [{ path: 'dashboard', lazy: lazyScreen(() => import('./dashboard-page.tsx'), 'DashboardPage') }];
