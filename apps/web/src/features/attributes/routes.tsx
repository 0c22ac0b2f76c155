import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const attributesRoutes: RouteObject[] = [
  { path: 'products/attributes', lazy: lazyScreen(() => import('./attribute-list-page.tsx'), 'AttributeListPage') },
  { path: 'products/attributes/new', lazy: lazyScreen(() => import('./attribute-form-page.tsx'), 'AttributeFormPage') },
  { path: 'products/attributes/:id/edit', lazy: lazyScreen(() => import('./attribute-form-page.tsx'), 'AttributeFormPage') },
];
