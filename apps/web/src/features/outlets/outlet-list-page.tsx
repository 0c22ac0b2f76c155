import type { Outlet } from '@tillbook/contract';
import { Link } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { activeFilter, type ResourceList } from '../../components/resource-list.ts';
import { ActiveBadge } from '../../components/ui/badge.tsx';
import { useDeleteOutlet, useOutlets } from './api.ts';

const none = <span className="text-gray-400">—</span>;

const outletList: ResourceList<Outlet> = {
  title: 'Outlets',
  description: 'Your stores. Stock, registers and cashiers belong to an outlet.',
  noun: 'outlets',
  basePath: '/outlets',
  searchPlaceholder: 'Search by name, code or address',
  labelOf: (o) => o.name,
  useFilters: () => [activeFilter],
  useRows: useOutlets,
  useColumns: () => [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (o) => (
        <Link to={`/outlets/${o.id}/edit`} className="font-medium text-indigo-700 hover:underline">
          {o.name}
        </Link>
      ),
    },
    { key: 'code', header: 'Code', sortKey: 'code', cell: (o) => <span className="font-mono text-xs">{o.code}</span> },
    { key: 'address', header: 'Address', cell: (o) => o.address ?? none },
    { key: 'phone', header: 'Phone', cell: (o) => o.phone ?? none },
    { key: 'active', header: 'Status', cell: (o) => <ActiveBadge active={o.active} /> },
  ],
  remove: {
    useDelete: useDeleteOutlet,
    title: 'Delete this outlet?',
    warning: (o) => <>“{o.name}” will be removed. An outlet with stock, staff or sales cannot be deleted: deactivate it instead.</>,
    deletedMessage: (o) => `Outlet “${o.name}” deleted.`,
  },
};

/** /outlets */
export function OutletListPage() {
  return <ResourceListPage config={outletList} />;
}
