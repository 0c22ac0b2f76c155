import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useCustomerOrders } from './api.ts';
import { CustomerPage } from './customer-page.tsx';

/** /customers/{id}/orders: the customer's sales, newest first, each opening its order. */
export function CustomerOrdersPage() {
  const customerId = Number(useParams().id);
  return (
    <CustomerPage customerId={customerId} tab="orders">
      <CustomerOrders customerId={customerId} />
    </CustomerPage>
  );
}

function CustomerOrders({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(customerId, page);
  const money = useMoney();
  const dates = useDateFormat();
  if (orders.isPending) return <Spinner className="size-6" />;
  if (orders.isError) return <Alert tone="error">{errorMessageOf(orders.error)}</Alert>;
  if (orders.data.data.length === 0) {
    return (
      <Block>
        <p className="p-8 text-center text-sm text-gray-600">No orders yet — sales rung up for this customer appear here.</p>
      </Block>
    );
  }
  return (
    <Block>
      <ul className="divide-y divide-gray-100">
        {orders.data.data.map((o) => (
          <li key={o.id} className="flex justify-between px-4 py-3 text-sm">
            <Link to={`/orders/${o.id}`} className="font-mono font-semibold text-indigo-700 hover:underline">
              {o.number}
            </Link>
            <span>{dates.dateTime(o.createdAt)}</span>
            <span className="tabular-nums">{money.format(o.total)}</span>
          </li>
        ))}
      </ul>
      <div className="px-4">
        <Pagination meta={orders.data.meta} onPageChange={setPage} noun="orders" />
      </div>
    </Block>
  );
}
