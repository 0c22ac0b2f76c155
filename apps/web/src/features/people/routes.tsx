import type { RouteObject } from 'react-router';
import { customersRoutes } from '../customers/routes.tsx';
import { usersRoutes } from '../users/routes.tsx';

/** Customers and staff users share their list and form screens (SPEC.md §2). */
export const peopleRoutes: RouteObject[] = [...customersRoutes, ...usersRoutes];
