import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const settingsRoutes: RouteObject[] = [
  { path: 'settings', element: <Navigate to="/settings/general" replace /> },
  { path: 'settings/general', lazy: lazyScreen(() => import('./general-settings-page.tsx'), 'GeneralSettingsPage') },
  { path: 'settings/products', lazy: lazyScreen(() => import('./product-settings-page.tsx'), 'ProductSettingsPage') },
  { path: 'settings/cashier-rights', lazy: lazyScreen(() => import('./cashier-rights-page.tsx'), 'CashierRightsPage') },
  { path: 'settings/gift-cards', lazy: lazyScreen(() => import('./gift-card-settings-page.tsx'), 'GiftCardSettingsPage') },
  { path: 'settings/backups', lazy: lazyScreen(() => import('./backups-settings-page.tsx'), 'BackupsSettingsPage') },
  { path: 'settings/rewards', lazy: lazyScreen(() => import('./reward-settings-page.tsx'), 'RewardSettingsPage') },
];
