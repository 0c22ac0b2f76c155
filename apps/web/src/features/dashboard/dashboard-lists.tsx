import type { Dashboard } from '@tillbook/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Block } from '../../components/ui/block.tsx';
import { cn } from '../../lib/class-names.ts';
import { useFigureFormat } from '../../lib/figure-format.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';

type Cell = { content: ReactNode; numeric?: boolean };
type ListBlockProps = { title: string; headers: Array<{ label: string; numeric?: boolean }>; rows: Array<{ key: string | number; cells: Cell[] }>; empty: string };

/** A titled block holding a short table, or a sentence when there is nothing to list. */
function ListBlock({ title, headers, rows, empty }: ListBlockProps) {
  return (
    <Block title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">{empty}</p>
      ) : (
        <table className="min-w-full text-sm">
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h.label} scope="col" className={cn('pr-2 pb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase', h.numeric ? 'text-right' : 'text-left')}>
                  {h.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td key={index} className={cn('py-2 pr-2 text-gray-800', cell.numeric && 'text-right tabular-nums')}>
                    {cell.content}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Block>
  );
}

type Seller = { key: string | number; name: string; units: number; netSales: number };

/** The best sellers of today (products or categories) with their units and net sales. */
function TopSellers({ title, noun, items, empty }: { title: string; noun: string; items: Seller[]; empty: string }) {
  const money = useMoney();
  const figures = useFigureFormat();
  return (
    <ListBlock
      title={title}
      headers={[{ label: noun }, { label: 'Units', numeric: true }, { label: 'Net sales', numeric: true }]}
      rows={items.map((s) => ({
        key: s.key,
        cells: [{ content: s.name }, { content: figures.format('count', s.units), numeric: true }, { content: money.format(s.netSales), numeric: true }],
      }))}
      empty={empty}
    />
  );
}

export function TopProducts({ items }: { items: Dashboard['topProducts'] }) {
  const sellers = items.map((p, index) => ({ key: p.productId ?? `gone-${index}`, name: p.title, units: p.units, netSales: p.netSales }));
  return <TopSellers title="Top products" noun="Product" items={sellers} empty="No products sold yet today." />;
}

export function TopCategories({ items }: { items: Dashboard['topCategories'] }) {
  const sellers = items.map((c, index) => ({ key: c.categoryId ?? `none-${index}`, name: c.name, units: c.units, netSales: c.netSales }));
  return <TopSellers title="Top categories" noun="Category" items={sellers} empty="No categories sold yet today." />;
}

export function LowStock({ items }: { items: Dashboard['lowStock'] }) {
  const figures = useFigureFormat();
  return (
    <ListBlock
      title="Low stock"
      headers={[{ label: 'Product' }, { label: 'Outlet' }, { label: 'In stock', numeric: true }, { label: 'Threshold', numeric: true }]}
      rows={items.map((item) => ({
        key: `${item.variantId}-${item.outletName}`,
        cells: [
          {
            content: (
              <Link to={`/products/${item.productId}/edit`} className="text-link">
                {item.variantName ? `${item.title} — ${item.variantName}` : item.title}
                <span className="sr-only"> (SKU {item.sku})</span>
              </Link>
            ),
          },
          { content: item.outletName },
          { content: <span className={item.quantity <= 0 ? 'font-semibold text-red-700' : undefined}>{figures.format('count', item.quantity)}</span>, numeric: true },
          { content: figures.format('count', item.threshold), numeric: true },
        ],
      }))}
      empty="Nothing is running low."
    />
  );
}

export function OpenDrawers({ items }: { items: Dashboard['openDrawers'] }) {
  const money = useMoney();
  const dates = useDateFormat();
  return (
    <ListBlock
      title="Open cash drawers"
      headers={[{ label: 'Register' }, { label: 'Outlet' }, { label: 'Cashier' }, { label: 'Open since' }, { label: 'Expected cash', numeric: true }]}
      rows={items.map((d) => ({
        key: d.sessionId,
        cells: [
          { content: d.registerName },
          { content: d.outletName },
          { content: d.cashierName ?? '—' },
          { content: <span className="whitespace-nowrap">{dates.dateTime(d.openedAt)}</span> },
          { content: money.format(d.expectedCash), numeric: true },
        ],
      }))}
      empty="No cash drawer is open."
    />
  );
}

const statusLabels: Record<string, string> = { paid: 'Paid', partially_refunded: 'Partially refunded', refunded: 'Refunded' };

export function LastOrders({ items }: { items: Dashboard['lastOrders'] }) {
  const money = useMoney();
  const dates = useDateFormat();
  return (
    <ListBlock
      title="Last orders"
      headers={[{ label: 'Order' }, { label: 'Date' }, { label: 'Customer' }, { label: 'Status' }, { label: 'Total', numeric: true }]}
      rows={items.map((o) => ({
        key: o.id,
        cells: [
          {
            content: (
              <Link to={`/orders/${o.id}`} className="text-link font-mono">
                {o.number}
              </Link>
            ),
          },
          { content: <span className="whitespace-nowrap">{dates.dateTime(o.createdAt)}</span> },
          { content: o.customerName ?? 'Walk-in' },
          { content: statusLabels[o.status] ?? o.status },
          { content: money.format(o.total), numeric: true },
        ],
      }))}
      empty="No orders yet. Sales rung up at the registers show here."
    />
  );
}
