import type { Customer } from '@tillbook/contract';
import { Link } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import type { ResourceList } from '../../components/resource-list.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { customersExportUrl, useCustomers, useDeleteCustomer } from './api.ts';

const none = <span className="text-gray-400">—</span>;

const customerList: ResourceList<Customer> = {
  title: 'Customers',
  description: 'People who buy from you: contact details, notes, points and their orders.',
  noun: 'customers',
  basePath: '/customers',
  searchPlaceholder: 'Search by name, e-mail or phone',
  labelOf: (c) => c.name,
  useFilters: () => [
    {
      key: 'hasEmail',
      label: 'E-mail',
      allLabel: 'With or without e-mail',
      options: [
        { value: '1', label: 'Has an e-mail' },
        { value: '0', label: 'No e-mail' },
      ],
    },
    {
      key: 'marketingConsent',
      label: 'Marketing consent',
      allLabel: 'Any marketing consent',
      options: [
        { value: '1', label: 'Agreed to marketing' },
        { value: '0', label: 'No marketing' },
      ],
    },
  ],
  useRows: useCustomers,
  useColumns: () => {
    const money = useMoney();
    const dates = useDateFormat();
    return [
      {
        key: 'name',
        header: 'Name',
        sortKey: 'name',
        cell: (c) => (
          <Link to={`/customers/${c.id}/edit`} className="font-medium whitespace-nowrap text-indigo-700 hover:underline">
            {c.name}
          </Link>
        ),
      },
      { key: 'email', header: 'E-mail', cell: (c) => c.email ?? none },
      { key: 'phone', header: 'Phone', cell: (c) => (c.phone ? <span className="whitespace-nowrap">{c.phone}</span> : none) },
      { key: 'points', header: 'Points', align: 'right', cell: (c) => <span className="tabular-nums">{c.pointsBalance.toLocaleString()}</span> },
      { key: 'totalSpent', header: <span className="whitespace-nowrap">Total spent</span>, sortKey: 'totalSpent', align: 'right', cell: (c) => <span className="tabular-nums">{money.format(c.totalSpent)}</span> },
      { key: 'orders', header: 'Orders', align: 'right', cell: (c) => <span className="tabular-nums">{c.orderCount.toLocaleString()}</span> },
      { key: 'createdAt', header: 'Created', sortKey: 'createdAt', cell: (c) => <span className="whitespace-nowrap">{dates.date(c.createdAt)}</span> },
    ];
  },
  remove: {
    useDelete: useDeleteCustomer,
    canDelete: (_row, me) => me?.type === 'administrator',
    title: 'Delete this customer?',
    warning: (c) => <>“{c.name}” will be removed with their notes and points history.</>,
    deletedMessage: (c) => `Customer “${c.name}” deleted.`,
  },
  actions: (params, me) =>
    me?.type === 'administrator' ? (
      <a
        href={customersExportUrl(params)}
        className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 uppercase shadow-sm hover:bg-gray-50"
      >
        Export CSV
      </a>
    ) : null,
};

/** /customers */
export function CustomerListPage() {
  return <ResourceListPage config={customerList} />;
}
