import type { Dashboard, StatCard } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { changeOf, divideRounded } from '../analytics/service.ts';
import { listOpenDrawers } from '../cashbox/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { findLastOrders, findLowStock, findShopDays, findTopCategories, findTopProducts, sumDays, sumHours, type DayFigures } from './queries.ts';

const TOP = 10;
const LIST = 10;

function card(key: string, label: string, kind: StatCard['kind'], of: (f: DayFigures) => number | null, today: DayFigures, compared: DayFigures): StatCard {
  const value = of(today);
  const previous = of(compared);
  return { key, label, kind, value, previous, change: changeOf(value, previous) };
}

/**
 * The six headline figures (decision 020): net sales and gross profit are net of the day's refunds;
 * gross profit counts only the lines that had a cost; average basket is what customers paid per
 * order; items per basket is in hundredths (kind decimal2: 235 = 2.35 items).
 */
function cardsOf(today: DayFigures, compared: DayFigures): StatCard[] {
  return [
    card('netSales', 'Net sales', 'money', (f) => f.net - f.refundNet, today, compared),
    card('orders', 'Orders', 'count', (f) => f.orders, today, compared),
    card('averageBasket', 'Average basket', 'money', (f) => (f.orders > 0 ? divideRounded(f.total, f.orders) : null), today, compared),
    card('itemsPerBasket', 'Items per basket', 'decimal2', (f) => (f.orders > 0 ? divideRounded(f.units * 100, f.orders) : null), today, compared),
    card('refunds', 'Refunds', 'money', (f) => f.refundTotal, today, compared),
    card('grossProfit', 'Gross profit', 'money', (f) => f.costedNet - f.cost - (f.refundCostedNet - f.refundCost), today, compared),
  ];
}

/** GET /api/dashboard: today (the shop's local day) beside the same weekday last week, for one outlet or all. */
export async function getDashboard(db: DbOrTx, outletId: number | undefined): Promise<Dashboard> {
  const { today, compared } = await findShopDays(db);
  const settings = await getShopSettings(db);
  const [days, hours, products, categories, lowStock, drawers, orders] = await Promise.all([
    sumDays(db, [today, compared], outletId),
    sumHours(db, [today, compared], outletId),
    findTopProducts(db, today, outletId, TOP),
    findTopCategories(db, today, outletId, TOP),
    findLowStock(db, outletId, settings.defaultLowStockThreshold, LIST),
    listOpenDrawers(db, outletId),
    findLastOrders(db, outletId, LIST),
  ]);
  const hourly = Array.from({ length: 24 }, (_, hour) => ({ hour, today: 0, compared: 0 }));
  for (const row of hours) {
    const entry = hourly[row.hour];
    if (entry) entry[row.day === today ? 'today' : 'compared'] += row.net;
  }
  return {
    date: today,
    comparedWith: compared,
    outletId: outletId ?? null,
    cards: cardsOf(days.get(today)!, days.get(compared)!),
    hourly,
    topProducts: products.map((p) => ({ productId: p.id, title: p.name ?? 'Removed item', units: p.units, netSales: p.netSales })),
    topCategories: categories.map((c) => ({ categoryId: c.id, name: c.name ?? 'Uncategorised', units: c.units, netSales: c.netSales })),
    lowStock,
    openDrawers: drawers.map(({ session, expectedCash }) => ({
      sessionId: session.id,
      registerName: session.registerName,
      outletName: session.outletName,
      cashierName: session.openedByName,
      openedAt: session.openedAt.toISOString(),
      expectedCash,
    })),
    lastOrders: orders.map((o) => ({ ...o, createdAt: new Date(o.createdAt).toISOString() })),
  };
}
