import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const rewardsRoutes: RouteObject[] = [
  { path: 'rewards', lazy: lazyScreen(() => import('./reward-list-page.tsx'), 'RewardListPage') },
  { path: 'rewards/new', lazy: lazyScreen(() => import('./reward-form-page.tsx'), 'RewardFormPage') },
  { path: 'rewards/:id/edit', lazy: lazyScreen(() => import('./reward-form-page.tsx'), 'RewardFormPage') },
];
