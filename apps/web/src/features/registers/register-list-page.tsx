import type { RegisterListItem } from '@tillbook/contract';
import { Link } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, rowActionClass as actionLink, statusColumn } from '../../components/resource-list-columns.tsx';
import { activeFilter, useOutletFilter, type ListFilter, type ResourceList } from '../../components/resource-list.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { useUser } from '../../lib/auth.ts';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { useDeleteRegister, useRegisters } from './api.ts';

/** Open drawer when it is closed; Sell and Drawer while it is open. An inactive register cannot be opened. */
function DrawerActions({ register }: { register: RegisterListItem }) {
  if (register.drawer) {
    return (
      <>
        <Link to={`/registers/${register.id}/sell`} className="rounded bg-indigo-600 px-3 py-1 text-xs font-semibold text-white uppercase hover:bg-indigo-500">
          Sell
        </Link>
        <Link to={`/registers/${register.id}/drawer`} className={actionLink}>
          Drawer
        </Link>
      </>
    );
  }
  if (!register.active) return null;
  return (
    <Link to={`/registers/${register.id}/drawer`} className={actionLink}>
      Open drawer
    </Link>
  );
}

/** The columns both lists show; the administrator's name links to the form and a status follows. */
function useRegisterColumns(forAdministrator: boolean): Column<RegisterListItem>[] {
  const dates = useDateFormat();
  const columns: Column<RegisterListItem>[] = [
    forAdministrator
      ? nameColumn({ basePath: '/registers', nameOf: (r) => r.name })
      : { key: 'name', header: 'Name', sortKey: 'name', cell: (r) => <span className="font-medium text-gray-900">{r.name}</span> },
    { key: 'slug', header: 'Slug', sortKey: 'slug', cell: (r) => <span className="font-mono text-xs">{r.slug}</span> },
    { key: 'outlet', header: 'Outlet', sortKey: 'outlet', cell: (r) => r.outletName },
    { key: 'receipt', header: 'Receipt template', cell: (r) => r.receiptTemplateName },
    {
      key: 'drawer',
      header: 'Drawer',
      cell: (r) =>
        r.drawer ? (
          <div>
            <Badge tone="green">Open</Badge>
            <div className="mt-0.5 text-xs whitespace-nowrap text-gray-600">
              {r.drawer.openedByName} since {dates.time(r.drawer.openedAt)}
            </div>
          </div>
        ) : (
          <Badge tone="gray">Closed</Badge>
        ),
    },
  ];
  if (forAdministrator) columns.push(statusColumn());
  return columns;
}

function useRegisterFilters(): ListFilter[] {
  return [useOutletFilter(), activeFilter];
}

const shared = {
  title: 'Registers',
  noun: 'registers',
  basePath: '/registers',
  searchPlaceholder: 'Search by name or slug',
  labelOf: (r: RegisterListItem) => r.name,
  useRows: useRegisters,
  rowActions: (r: RegisterListItem) => <DrawerActions register={r} />,
};

const administratorList: ResourceList<RegisterListItem> = {
  ...shared,
  description: 'The tills of each outlet and the receipt template each prints with.',
  useFilters: useRegisterFilters,
  useColumns: () => useRegisterColumns(true),
  // Set by the receipts list ("registers using this template").
  addressParams: ['receiptTemplateId'],
  toolbar: (list) =>
    list.get('receiptTemplateId') && (
      <Button variant="ghost" className="px-2 py-1 text-xs normal-case" onClick={() => list.set({ receiptTemplateId: undefined })}>
        Printing with one template · show all
      </Button>
    ),
  noMatchMessage: 'No registers match these filters.',
  remove: {
    useDelete: useDeleteRegister,
    title: 'Delete this register?',
    warning: (r) => <>“{r.name}” will be removed. A register with sales cannot be deleted: deactivate it instead.</>,
    deletedMessage: (r) => `Register “${r.name}” deleted.`,
  },
};

/** A cashier sees the active registers of their outlet (the server scopes them) and may only open drawers and sell. */
const cashierList: ResourceList<RegisterListItem> = {
  ...shared,
  description: 'The registers of your outlet. Open a drawer with its float to start selling.',
  useColumns: () => useRegisterColumns(false),
  canManage: () => false,
  emptyMessage: 'Your outlet has no active registers. Ask an administrator to add one, or to assign you to an outlet.',
};

/** /registers: administrators manage every register; a cashier sees the active ones of their outlet. */
export function RegisterListPage() {
  const user = useUser();
  const isAdministrator = user?.type === 'administrator';
  // Keyed: the two configs use different hooks.
  return <ResourceListPage key={isAdministrator ? 'administrator' : 'cashier'} config={isAdministrator ? administratorList : cashierList} />;
}
