import type { RouteObject } from 'react-router';
import { outletsRoutes } from '../features/outlets/routes.tsx';
import { taxesRoutes } from '../features/taxes/routes.tsx';
import { additionalChargesRoutes } from '../features/additional-charges/routes.tsx';
import { attributesRoutes } from '../features/attributes/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { productsRoutes } from '../features/products/routes.tsx';
import { categoriesRoutes } from '../features/categories/routes.tsx';

/** Screens that are built; every other route of SPEC.md §2 shows "not available yet". One line per area. */
export const featureRoutes: RouteObject[] = [
  ...outletsRoutes,
  ...taxesRoutes,
  ...additionalChargesRoutes,
  ...attributesRoutes,
  ...settingsRoutes,
  ...productsRoutes,
  ...categoriesRoutes,
];
