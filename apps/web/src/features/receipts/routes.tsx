import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen.ts';

// Templates are immutable: there is no edit route.
export const receiptsRoutes: RouteObject[] = [
  { path: 'receipts', lazy: lazyScreen(() => import('./receipt-list-page.tsx'), 'ReceiptListPage') },
  { path: 'receipts/new', lazy: lazyScreen(() => import('./receipt-form-page.tsx'), 'ReceiptFormPage') },
];
