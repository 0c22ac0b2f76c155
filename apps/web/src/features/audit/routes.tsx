import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const auditRoutes: RouteObject[] = [{ path: 'settings/audit', lazy: lazyScreen(() => import('./audit-log-page.tsx'), 'AuditLogPage') }];
