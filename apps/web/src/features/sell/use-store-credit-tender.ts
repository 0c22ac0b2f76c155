import type { PointsSummary } from '@tillbook/contract';
import { useMemo } from 'react';
import type { StoreCreditTender } from './store-credit-tender.tsx';

/**
 * The Store credit tender of a sale: offered when its customer has credit. The balance is the one
 * the till reads with the customer's points (GET /api/rewards/points), so it is read again after a
 * sale and after a refusal, like the points.
 */
export function storeCreditTenderOf(customerId: number | null, summary: PointsSummary | null): StoreCreditTender | null {
  if (customerId === null || !summary || summary.customerId !== customerId || summary.storeCredit <= 0) return null;
  return { balance: summary.storeCredit };
}

export function useStoreCreditTender(customerId: number | null, summary: PointsSummary | null): StoreCreditTender | null {
  const balance = storeCreditTenderOf(customerId, summary)?.balance ?? null;
  return useMemo(() => (balance === null ? null : { balance }), [balance]);
}
