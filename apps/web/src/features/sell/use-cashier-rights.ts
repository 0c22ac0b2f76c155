import type { CashierRights } from '@tillbook/contract';
import { useUser } from '../../lib/auth.ts';
import { useShopSettings } from '../../lib/shop-settings.ts';

/**
 * What the signed-in cashier may do alone (the shop's cashier rights), or null for an
 * administrator, who is never limited. The screen only warns; the server decides and asks.
 */
export function useCashierRights(): CashierRights | null {
  const user = useUser();
  const { cashierRights } = useShopSettings();
  return user?.type === 'cashier' ? cashierRights : null;
}
