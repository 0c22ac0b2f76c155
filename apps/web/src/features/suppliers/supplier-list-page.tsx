import type { SupplierListItem } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, noValue as none, statusColumn } from '../../components/resource-list-columns.tsx';
import { activeFilter, type ResourceList } from '../../components/resource-list.ts';
import { statusBulk } from '../../components/status-bulk-bar.tsx';
import { useBulkSuppliers, useDeleteSupplier, useSuppliers } from './api.ts';

const supplierList: ResourceList<SupplierListItem> = {
  title: 'Suppliers',
  description: 'The companies you buy stock from, and what each one supplies at which cost.',
  noun: 'suppliers',
  basePath: '/suppliers',
  searchPlaceholder: 'Search by company, contact or e-mail',
  defaultSort: 'companyName',
  plainRowActions: true,
  labelOf: (s) => s.companyName,
  useFilters: () => [activeFilter],
  useRows: useSuppliers,
  useColumns: () => [
    nameColumn({ basePath: '/suppliers', key: 'companyName', header: 'Company', nameOf: (s) => s.companyName }),
    { key: 'contactPerson', header: 'Contact', cell: (s) => s.contactPerson ?? none },
    { key: 'email', header: 'E-mail', cell: (s) => (s.email ? <a href={`mailto:${s.email}`} className="hover:underline">{s.email}</a> : none) },
    { key: 'phone', header: 'Phone', cell: (s) => s.phone ?? none },
    { key: 'paymentTerms', header: 'Payment terms', cell: (s) => s.paymentTerms ?? none },
    { key: 'productCount', header: 'Products', align: 'right', cell: (s) => s.productCount },
    statusColumn(),
  ],
  remove: {
    useDelete: useDeleteSupplier,
    title: 'Delete this supplier?',
    warning: (s) => <>“{s.companyName}” and the list of products it supplies will be removed.</>,
    deletedMessage: (s) => `Supplier “${s.companyName}” deleted.`,
  },
  bulk: statusBulk({
    useBulk: useBulkSuppliers,
    noun: ['supplier', 'suppliers'],
    deleteWarning: 'The suppliers and their product lists will be removed. Deactivate a supplier instead to keep its details.',
  }),
};

/** /suppliers */
export function SupplierListPage() {
  return <ResourceListPage config={supplierList} />;
}
