import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const cashboxRoutes: RouteObject[] = [
  { path: 'registers/:id/drawer', lazy: lazyScreen(() => import('./drawer-page.tsx'), 'DrawerPage') },
  { path: 'registers/:id/drawer/sessions/:sessionId', lazy: lazyScreen(() => import('./session-report-page.tsx'), 'SessionReportPage') },
];
