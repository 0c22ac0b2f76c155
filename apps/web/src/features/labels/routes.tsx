import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const labelsRoutes: RouteObject[] = [{ path: 'printing-labels', lazy: lazyScreen(() => import('./labels-page.tsx'), 'LabelsPage') }];
