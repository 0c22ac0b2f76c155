import type { Customer } from '@tillbook/contract';
import { DownloadLink } from '../../components/button-link.tsx';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, noValue as none } from '../../components/resource-list-columns.tsx';
import { yesNoFilter, type ResourceList } from '../../components/resource-list.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { customersExportUrl, useCustomers, useDeleteCustomer } from './api.ts';

const customerList: ResourceList<Customer> = {
  title: 'Customers',
  description: 'People who buy from you: contact details, notes, points and their orders.',
  noun: 'customers',
  basePath: '/customers',
  searchPlaceholder: 'Search by name, e-mail or phone',
  labelOf: (c) => c.name,
  useFilters: () => [
    yesNoFilter('hasEmail', 'E-mail', 'With or without e-mail', ['Has an e-mail', 'No e-mail']),
    yesNoFilter('marketingConsent', 'Marketing consent', 'Any marketing consent', ['Agreed to marketing', 'No marketing']),
  ],
  useRows: useCustomers,
  useColumns: () => {
    const money = useMoney();
    const dates = useDateFormat();
    return [
      nameColumn({ basePath: '/customers', nameOf: (c) => c.name, nowrap: true }),
      { key: 'email', header: 'E-mail', cell: (c) => c.email ?? none },
      { key: 'phone', header: 'Phone', cell: (c) => (c.phone ? <span className="whitespace-nowrap">{c.phone}</span> : none) },
      { key: 'points', header: 'Points', sortKey: 'points', align: 'right', cell: (c) => <span className="tabular-nums">{c.pointsBalance.toLocaleString()}</span> },
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
      <DownloadLink href={customersExportUrl(params)}>Export CSV</DownloadLink>
    ) : null,
};

/** /customers */
export function CustomerListPage() {
  return <ResourceListPage config={customerList} />;
}
