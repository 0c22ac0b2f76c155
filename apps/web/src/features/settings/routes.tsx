import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

/** settings/rewards belongs to the loyalty screens; it stays routed as the router lists it. */
export const settingsRoutes: RouteObject[] = [
  { path: 'settings', element: <Navigate to="/settings/general" replace /> },
  { path: 'settings/general', lazy: lazyScreen(() => import('./general-settings-page.tsx'), 'GeneralSettingsPage') },
  { path: 'settings/products', lazy: lazyScreen(() => import('./product-settings-page.tsx'), 'ProductSettingsPage') },
];
