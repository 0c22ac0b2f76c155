import type { RouteObject } from 'react-router';
import { additionalChargesRoutes } from '../features/additional-charges/routes.tsx';
import { analyticsRoutes } from '../features/analytics/routes.tsx';
import { attributesRoutes } from '../features/attributes/routes.tsx';
import { auditRoutes } from '../features/audit/routes.tsx';
import { cashboxRoutes } from '../features/cashbox/routes.tsx';
import { categoriesRoutes } from '../features/categories/routes.tsx';
import { couponsRoutes } from '../features/coupons/routes.tsx';
import { customersRoutes } from '../features/customers/routes.tsx';
import { dashboardRoutes } from '../features/dashboard/routes.tsx';
import { giftCardsRoutes } from '../features/gift-cards/routes.tsx';
import { goodsOrdersRoutes } from '../features/goods-orders/routes.tsx';
import { labelsRoutes } from '../features/labels/routes.tsx';
import { ordersRoutes } from '../features/orders/routes.tsx';
import { outletsRoutes } from '../features/outlets/routes.tsx';
import { productsRoutes } from '../features/products/routes.tsx';
import { orderRefundsRoutes } from '../features/refunds/routes.tsx';
import { receiptsRoutes } from '../features/receipts/routes.tsx';
import { registersRoutes } from '../features/registers/routes.tsx';
import { rewardsRoutes } from '../features/rewards/routes.tsx';
import { sellRoutes } from '../features/sell/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { stockCountsRoutes } from '../features/stock-counts/routes.tsx';
import { stockMovementsRoutes } from '../features/stock-movements/routes.tsx';
import { stockTransfersRoutes } from '../features/stock-transfers/routes.tsx';
import { suppliersRoutes } from '../features/suppliers/routes.tsx';
import { taxesRoutes } from '../features/taxes/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';

/** Screens that are built; every other route of SPEC.md §2 shows "not available yet". One line per area. */
export const featureRoutes: RouteObject[] = [
  ...additionalChargesRoutes,
  ...analyticsRoutes,
  ...attributesRoutes,
  ...auditRoutes,
  ...cashboxRoutes,
  ...categoriesRoutes,
  ...couponsRoutes,
  ...customersRoutes,
  ...dashboardRoutes,
  ...giftCardsRoutes,
  ...goodsOrdersRoutes,
  ...labelsRoutes,
  // An order's page shows its refunds in its nested route.
  ...ordersRoutes.map((route): RouteObject => (route.path === 'orders/:id' && !route.index ? { ...route, children: orderRefundsRoutes } : route)),
  ...outletsRoutes,
  ...productsRoutes,
  ...receiptsRoutes,
  ...registersRoutes,
  ...rewardsRoutes,
  ...sellRoutes,
  ...settingsRoutes,
  ...stockCountsRoutes,
  ...stockMovementsRoutes,
  ...stockTransfersRoutes,
  ...suppliersRoutes,
  ...taxesRoutes,
  ...usersRoutes,
];
