/**
 * Query keys per resource (DESIGN.md §5, Medusa's factory): all → lists → list(params),
 * all → details → detail(id), and all → choices (the compact `/api/X/list` for pickers).
 * A mutation invalidates `all` (or `lists()` and `detail(id)`), so every screen that shows the
 * resource — its list, its form, and every picker of it — refreshes together.
 */
export function createQueryKeys<const R extends string>(resource: R) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (params: object) => [resource, 'list', params] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: number | string) => [resource, 'detail', id] as const,
    choices: () => [resource, 'choices'] as const,
  };
}

/** Every resource's keys, in one place, so two features never cache one resource under two keys. */
export const queryKeys = {
  additionalCharges: createQueryKeys('additional-charges'),
  analytics: { ...createQueryKeys('analytics'), stats: (params: object) => ['analytics', 'stats', params] as const },
  attributes: createQueryKeys('attributes'),
  cashbox: { ...createQueryKeys('cashbox'), status: (registerId: number) => ['cashbox', 'status', registerId] as const },
  categories: createQueryKeys('categories'),
  coupons: createQueryKeys('coupons'),
  customers: createQueryKeys('customers'),
  dashboard: createQueryKeys('dashboard'),
  giftCards: createQueryKeys('gift-cards'),
  goodsOrders: createQueryKeys('goods-orders'),
  orders: createQueryKeys('orders'),
  outlets: createQueryKeys('outlets'),
  products: createQueryKeys('products'),
  receipts: createQueryKeys('receipts'),
  registers: createQueryKeys('registers'),
  /** Rewards, and a customer's points at the till (refreshed with the rewards). */
  rewards: { ...createQueryKeys('rewards'), points: (customerId: number) => ['rewards', 'points', customerId] as const, allPoints: () => ['rewards', 'points'] as const },
  settings: createQueryKeys('settings'),
  stockCounts: createQueryKeys('stock-counts'),
  stockMovements: createQueryKeys('stock-movements'),
  stockTransfers: createQueryKeys('stock-transfers'),
  suppliers: createQueryKeys('suppliers'),
  taxes: createQueryKeys('taxes'),
  users: createQueryKeys('users'),
};
