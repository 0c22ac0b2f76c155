import { userTypeLabels, type StaffUser } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, noValue as none, statusColumn } from '../../components/resource-list-columns.tsx';
import { activeFilter, listFilter, useOutletFilter, type ResourceList } from '../../components/resource-list.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { useOutletChoices } from '../../lib/choices.ts';
import { useDeleteStaffUser, useStaffUsers } from './api.ts';

const userList: ResourceList<StaffUser> = {
  title: 'Staff',
  description: 'Who can sign in: administrators run the shop, cashiers sell at their outlet.',
  noun: 'staff users',
  basePath: '/users',
  searchPlaceholder: 'Search by name, username or e-mail',
  labelOf: (u) => u.name,
  useFilters: () => [listFilter('type', 'Type', 'All types', Object.entries(userTypeLabels)), useOutletFilter(), activeFilter],
  useRows: useStaffUsers,
  useColumns: () => {
    const outlets = useOutletChoices();
    const outletName = (id: number) => outlets.data?.find((o) => o.id === id)?.name ?? `#${id}`;
    return [
      nameColumn({ basePath: '/users', nameOf: (u) => u.name, nowrap: true }),
      { key: 'username', header: 'Username', sortKey: 'username', cell: (u) => <span className="font-mono text-xs">{u.username}</span> },
      { key: 'type', header: 'Type', cell: (u) => <Badge tone={u.type === 'administrator' ? 'indigo' : 'gray'}>{userTypeLabels[u.type]}</Badge> },
      { key: 'outlet', header: 'Outlet', cell: (u) => (u.outletId === null ? none : <span className="whitespace-nowrap">{outletName(u.outletId)}</span>) },
      { key: 'email', header: 'E-mail', cell: (u) => u.email ?? none },
      statusColumn(),
    ];
  },
  remove: {
    useDelete: useDeleteStaffUser,
    // Nobody deletes themselves.
    canDelete: (row, me) => me !== null && row.id !== me.id,
    title: 'Delete this staff user?',
    warning: (u) => <>“{u.name}” ({u.username}) will no longer be able to sign in. To keep their history, deactivate them instead.</>,
    deletedMessage: (u) => `Staff user “${u.name}” deleted.`,
  },
};

/** /users */
export function UserListPage() {
  return <ResourceListPage config={userList} />;
}
