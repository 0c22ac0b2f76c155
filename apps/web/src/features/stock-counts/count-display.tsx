import { stockCountStatusLabels, type StockCountListItem, type StockCountStatus } from '@tillbook/contract';
import { Badge } from '../../components/ui/badge.tsx';

const statusTones = { counting: 'amber', applied: 'green', cancelled: 'gray' } as const;

export function StockCountStatusBadge({ status }: { status: StockCountStatus }) {
  return <Badge tone={statusTones[status]}>{stockCountStatusLabels[status]}</Badge>;
}

export const stockCountStatusOptions = Object.entries(stockCountStatusLabels).map(([value, label]) => ({ value, label }));

/** What the count covers: "All products", "Category: Drinks", "A list of products". */
export function countScopeText(count: Pick<StockCountListItem, 'scope' | 'categoryName'>): string {
  if (count.scope === 'all') return 'All products';
  if (count.scope === 'category') return `Category: ${count.categoryName ?? 'deleted category'}`;
  return 'A list of products';
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** A change of stock with its sign: "+3", "−2", "0". */
export function signed(n: number): string {
  if (n > 0) return `+${n.toLocaleString()}`;
  if (n < 0) return `−${(-n).toLocaleString()}`;
  return '0';
}

export function varianceClass(n: number | null): string {
  if (n === null || n === 0) return 'text-gray-700';
  return n > 0 ? 'text-green-700 font-semibold' : 'text-red-700 font-semibold';
}
