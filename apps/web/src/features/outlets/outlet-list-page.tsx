import type { Outlet } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, noValue as none, statusColumn } from '../../components/resource-list-columns.tsx';
import { activeFilter, type ResourceList } from '../../components/resource-list.ts';
import { useDeleteOutlet, useOutlets } from './api.ts';

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
    nameColumn({ basePath: '/outlets', nameOf: (o) => o.name }),
    { key: 'code', header: 'Code', sortKey: 'code', cell: (o) => <span className="font-mono text-xs">{o.code}</span> },
    { key: 'address', header: 'Address', cell: (o) => o.address ?? none },
    { key: 'phone', header: 'Phone', cell: (o) => o.phone ?? none },
    statusColumn(),
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
