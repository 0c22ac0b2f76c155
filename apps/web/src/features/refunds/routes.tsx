import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

/**
 * The refunds of an order show inside the order's page (server module `refunds`). The orders
 * feature does not know them: app/feature-routes.ts nests these under `orders/:id`, whose page
 * renders its nested route where the refunds go and hands it the order.
 */
export const orderRefundsRoutes: RouteObject[] = [{ index: true, lazy: lazyScreen(() => import('./refunds-section.tsx'), 'OrderRefunds') }];
