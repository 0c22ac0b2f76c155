import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

export const giftCardsRoutes: RouteObject[] = [
  { path: 'gift-cards', lazy: lazyScreen(() => import('./gift-card-list-page.tsx'), 'GiftCardListPage') },
  { path: 'gift-cards/:id', lazy: lazyScreen(() => import('./gift-card-page.tsx'), 'GiftCardPage') },
];
