import type { Dashboard, StatCard } from '@tillbook/contract';

const card = (key: string, label: string, kind: StatCard['kind'], value: number, previous: number, change: number | null, note: string | null = null): StatCard => ({
  key,
  label,
  kind,
  value,
  previous,
  change,
  note,
});

/** A busy Wednesday at two outlets, against the Wednesday before. */
export const busyDay: Dashboard = {
  date: '2026-11-25',
  comparedWith: '2026-11-18',
  outletId: null,
  cards: [
    card('netSales', 'Net sales', 'money', 1_234_550, 1_100_000, 1223),
    card('orders', 'Orders', 'count', 1234, 1300, -508),
    card('averageBasket', 'Average basket', 'money', 1000, 846, 1820),
    card('itemsPerBasket', 'Items per basket', 'count', 3, 3, 0),
    card('refunds', 'Refunds', 'money', 4500, 1500, 20000),
    card('grossProfit', 'Gross profit', 'money', 500_000, 450_000, 1111, '2 products have no cost'),
  ],
  hourly: Array.from({ length: 24 }, (_, hour) => ({ hour, today: hour === 9 ? 12_000 : hour === 14 ? 30_550 : 0, compared: hour === 9 ? 10_000 : 0 })),
  topProducts: [
    { productId: 7, title: 'Flat white', units: 1520, netSales: 456_000 },
    { productId: null, title: 'A deleted product', units: 2, netSales: 800 },
  ],
  topCategories: [{ categoryId: 3, name: 'Coffee', units: 2100, netSales: 630_000 }],
  lowStock: [
    { productId: 12, variantId: 40, title: 'Oat milk', variantName: '1 l', sku: 'OAT-1L', outletName: 'Main store', quantity: 2, threshold: 5 },
  ],
  openDrawers: [
    { sessionId: 9, registerName: 'Till 1', outletName: 'Main store', cashierName: 'Carl Cash', openedAt: '2026-11-25T08:02:00.000Z', expectedCash: 25_075 },
  ],
  lastOrders: [{ id: 41, number: 'MAIN-000041', createdAt: '2026-11-25T14:30:00.000Z', total: 6120, status: 'paid', customerName: 'Grace Hopper' }],
};

/** The first morning of a new shop: nothing sold, nothing open. */
export const newShop: Dashboard = {
  date: '2026-11-25',
  comparedWith: '2026-11-18',
  outletId: null,
  cards: [
    { key: 'netSales', label: 'Net sales', kind: 'money', value: 0, previous: 0, change: null },
    { key: 'orders', label: 'Orders', kind: 'count', value: 0, previous: 0, change: null },
  ],
  hourly: Array.from({ length: 24 }, (_, hour) => ({ hour, today: 0, compared: 0 })),
  topProducts: [],
  topCategories: [],
  lowStock: [],
  openDrawers: [],
  lastOrders: [],
};
