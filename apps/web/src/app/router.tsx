import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginRoute } from '../features/auth/login-route.tsx';
import { loadWithTimeout } from '../lib/lazy-with-timeout.ts';
import { featureRoutes } from './feature-routes.ts';
import { HomeRedirect } from './home-redirect.tsx';
import { FullPageLoading } from '../components/page-loading.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

// Every screen is its own lazy chunk; every download goes through the 120 s limit (SPEC §9).
const loadNotAvailable = () => loadWithTimeout(() => import('../features/not-available/not-available-page.tsx'));

/** A routed screen that is not built yet: its title and "This screen is not available yet." */
function notAvailableRoute(path: string, title: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { NotAvailablePage } = await loadNotAvailable();
      return { element: <NotAvailablePage title={title} /> };
    },
  };
}

/** SPEC.md §2 "Routes", with the title each screen shows. */
export const screens: Array<[path: string, title: string]> = [
  ['dashboard', 'Dashboard'],
  ['categories', 'Categories'],
  ['categories/new', 'New category'],
  ['categories/:id/edit', 'Edit category'],
  ['coupons', 'Coupons'],
  ['coupons/new', 'New coupon'],
  ['coupons/:id/edit', 'Edit coupon'],
  ['products', 'Products'],
  ['products/new', 'New product'],
  ['products/:id/edit', 'Edit product'],
  ['products/additional-charges', 'Additional charges'],
  ['products/additional-charges/new', 'New additional charge'],
  ['products/additional-charges/:id/edit', 'Edit additional charge'],
  ['products/attributes', 'Attributes'],
  ['products/attributes/new', 'New attribute'],
  ['products/attributes/:id/edit', 'Edit attribute'],
  ['receipts', 'Receipts'],
  ['receipts/new', 'New receipt'],
  ['taxes', 'Taxes'],
  ['taxes/new', 'New tax'],
  ['taxes/:id/edit', 'Edit tax'],
  ['orders', 'Orders'],
  ['orders/:id', 'Order'],
  ['registers', 'Registers'],
  ['registers/new', 'New register'],
  ['registers/:id/edit', 'Edit register'],
  ['outlets', 'Outlets'],
  ['outlets/new', 'New outlet'],
  ['outlets/:id/edit', 'Edit outlet'],
  ['customers', 'Customers'],
  ['customers/new', 'New customer'],
  ['customers/:id/edit', 'Edit customer'],
  ['customers/:id/orders', 'Customer orders'],
  ['users', 'Staff'],
  ['users/new', 'New staff member'],
  ['users/:id/edit', 'Edit staff member'],
  ['printing-labels', 'Printing labels'],
  ['rewards', 'Rewards'],
  ['rewards/new', 'New reward'],
  ['suppliers', 'Suppliers'],
  ['suppliers/new', 'New supplier'],
  ['suppliers/:id/edit', 'Edit supplier'],
  ['goods-orders', 'Goods orders'],
  ['goods-orders/new', 'New goods order'],
  ['goods-orders/:id/edit', 'Edit goods order'],
  ['settings/rewards', 'Reward settings'],
  ['settings/products', 'Product settings'],
];

const builtPaths = new Set(featureRoutes.map((route) => route.path));

export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: FullPageLoading,
    errorElement: <RouteErrorPage />,
    children: [
      // /login reached in-app (after Logout). Opened directly, main.tsx shows it without the router.
      { path: 'login', Component: LoginRoute },
      {
        id: 'shell',
        lazy: async () => {
          const { ShellRoute } = await loadWithTimeout(() => import('./shell.tsx'));
          return { Component: ShellRoute };
        },
        children: [
          {
            // Errors of a screen show inside the shell, with the navigation still there.
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, Component: HomeRedirect },
              ...featureRoutes,
              ...screens.filter(([path]) => !builtPaths.has(path)).map(([path, title]) => notAvailableRoute(path, title)),
              {
                path: '*',
                lazy: async () => {
                  const { NotFoundPage } = await loadWithTimeout(() => import('./not-found-page.tsx'));
                  return { Component: NotFoundPage };
                },
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
